import { BaseCheck, Result } from '@adonisjs/core/health'
import type ReadRouting from '#services/platform/replicas/read_routing'

/**
 * `database_replica` in the full health report (contract, "Past one
 * database"): each replica as its background poll last saw it. A replica
 * down, hung, promoted or lagging past REPLICA_MAX_LAG_MS is a warning,
 * never an error: the primary answers its reads, so the service is fine.
 * Not part of readiness.
 */
export class ReplicaCheck extends BaseCheck {
  name = 'database_replica'

  constructor(private routing: ReadRouting) {
    super()
  }

  async run() {
    const replicas = this.routing.replicas.map((replica) => ({
      replica: replica.label,
      condition: replica.condition,
      lagSeconds: Number.isFinite(replica.lagSeconds) ? replica.lagSeconds : null,
      lagBytes: Number.isFinite(replica.lagBytes) ? replica.lagBytes : null,
    }))
    const unfit = replicas.filter(({ condition }) => condition !== 'fit')
    const result = unfit.length
      ? Result.warning(
          `Reads go to the primary instead of ${unfit
            .map(({ replica, condition }) => `${replica} (${condition})`)
            .join(', ')}`
        )
      : Result.ok(`${replicas.length} replica(s) serve reads`)
    return result.mergeMetaData({ replicas })
  }
}
