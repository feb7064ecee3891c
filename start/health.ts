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
}

export function healthChecksFor({ database, redis, disk = healthConfig.disk }: HealthDependencies) {
  const timeout = healthConfig.checkTimeoutMs
  const checks = [
    // Disk usage moves slowly and measuring it is the costliest check: reused for 5 s.
    new TimeboxedCheck(
      'disk_space',
      new DiskSpaceCheck().warnWhenExceeds(disk.warnPercent).failWhenExceeds(disk.failPercent),
      timeout
    ).cacheFor('5 seconds'),
    new TimeboxedCheck('database', new DbCheck(database), timeout),
  ]
  if (redis) checks.push(new TimeboxedCheck('redis', new RedisCheck(redis), timeout))
  return new HealthChecks().register(checks)
}

app.container.singleton(HealthChecks, async () => {
  if (!healthConfig.checkRedis) return healthChecksFor({ database: db.connection() })
  const { default: redis } = await import('@adonisjs/redis/services/main')
  return healthChecksFor({ database: db.connection(), redis: redis.connection() })
})
