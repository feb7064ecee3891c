/*
|--------------------------------------------------------------------------
| Health checks
|--------------------------------------------------------------------------
|
| The registry behind GET /health, bound in the container so the
| controller receives it (and a test can point it elsewhere).
|
*/

import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DbCheck } from '@adonisjs/lucid/database'
import { RedisCheck } from '@adonisjs/redis'
import type { Connection } from '@adonisjs/redis/types'
import { BaseCheck, DiskSpaceCheck, HealthChecks, Result } from '@adonisjs/core/health'
import type { HealthCheckContract } from '@adonisjs/core/types/health'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import healthConfig from '#config/health'
import ReadinessService from '#services/platform/readiness_service'
import ReadRouting from '#services/platform/replicas/read_routing'
import { ReplicaCheck } from '#services/platform/replicas/replica_check'

/**
 * Runs a check but answers within `timeoutMs` whatever happens, so a
 * hanging dependency turns into a failed check instead of a hanging probe.
 */
class TimeboxedCheck extends BaseCheck {
  constructor(
    public name: string,
    private check: HealthCheckContract,
    private timeoutMs: number
  ) {
    super()
  }

  async run() {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<Result>((resolve) => {
      timer = setTimeout(
        () => resolve(Result.failed(`Check did not answer within ${this.timeoutMs} ms`)),
        this.timeoutMs
      )
    })
    try {
      return await Promise.race([this.check.run(), timeout])
    } finally {
      clearTimeout(timer)
    }
  }
}

type HealthDependencies = {
  database: QueryClientContract
  redis?: Connection
  disk?: { warnPercent: number; failPercent: number }
  /** The read routing, whose replicas (if any) the full report shows. */
  routing?: ReadRouting
}

/** What the service needs to answer at all: PostgreSQL, and Redis when used. */
function dependencyChecks({ database, redis }: HealthDependencies) {
  const timeout = healthConfig.checkTimeoutMs
  const checks = [new TimeboxedCheck('database', new DbCheck(database), timeout)]
  if (redis) checks.push(new TimeboxedCheck('redis', new RedisCheck(redis), timeout))
  return checks
}

/**
 * The full report of GET /health: disk space, the dependencies, then the
 * read replicas when there are some (a warning at worst: never in readiness).
 */
export function healthChecksFor(dependencies: HealthDependencies) {
  const { disk = healthConfig.disk, routing } = dependencies
  const diskSpace = new DiskSpaceCheck()
    .warnWhenExceeds(disk.warnPercent)
    .failWhenExceeds(disk.failPercent)
  return new HealthChecks().register([
    // Disk usage moves slowly and measuring it is the costliest check: reused for 5 s.
    new TimeboxedCheck('disk_space', diskSpace, healthConfig.checkTimeoutMs).cacheFor('5 seconds'),
    ...dependencyChecks(dependencies),
    ...(routing?.enabled ? [new ReplicaCheck(routing)] : []),
  ])
}

/** Readiness (GET /health/ready and the start-up gate): the dependencies only. */
export function readinessFor(dependencies: HealthDependencies) {
  return new ReadinessService(new HealthChecks().register(dependencyChecks(dependencies)))
}

async function configuredDependencies(): Promise<HealthDependencies> {
  if (!healthConfig.checkRedis) return { database: db.connection() }
  const { default: redis } = await import('@adonisjs/redis/services/main')
  return { database: db.connection(), redis: redis.connection() }
}

app.container.singleton(HealthChecks, async (resolver) =>
  healthChecksFor({
    ...(await configuredDependencies()),
    routing: await resolver.make(ReadRouting),
  })
)
app.container.singleton(ReadinessService, async () => readinessFor(await configuredDependencies()))
