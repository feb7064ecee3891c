import config from '@adonisjs/core/services/config'
import db from '@adonisjs/lucid/services/db'
import { Counter, Gauge } from 'prom-client'
import { registry } from '#services/platform/metrics_registry'
import type ReadRouting from '#services/platform/replicas/read_routing'
import type { ReplicaState } from '#services/platform/replicas/replica_state'

/**
 * Statements PostgreSQL cancelled past DB_STATEMENT_TIMEOUT_MS, by route
 * pattern: each one's request answered 503 (counted from the exception
 * handler's report, through the emitter: providers/telemetry_provider.ts).
 */
export const statementTimeouts = new Counter({
  name: 'db_statement_timeouts_total',
  help: 'Statements cancelled past DB_STATEMENT_TIMEOUT_MS (the request answered 503), by route pattern',
  labelNames: ['route'] as const,
  registers: [registry],
})

export const organizationLaneWaits = new Counter({
  name: 'organization_lane_waits_total',
  help: "Requests that waited for their organization's lane (its share of the database pool) to free a place",
  registers: [registry],
})

export const organizationLaneRefusals = new Counter({
  name: 'organization_lane_refusals_total',
  help: "Requests refused with 503 because their organization's lane freed no place within DB_POOL_ACQUIRE_TIMEOUT_MS",
  registers: [registry],
})

/**
 * The pool of the default connection, as knex's tarn pool; read at scrape
 * time only, so requests pay nothing for these gauges.
 */
type TarnPool = {
  max: number
  numUsed(): number
  numFree(): number
  numPendingAcquires(): number
}

function pool(): TarnPool | undefined {
  if (!db.manager.isConnected(db.primaryConnectionName)) return undefined
  return db.connection().getWriteClient().client.pool as TarnPool | undefined
}

new Gauge({
  name: 'db_pool_connections',
  help: 'Database pool connections: used (lent to a query), idle (open, free), pending (requests waiting for one)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const current = pool()
    this.set({ state: 'used' }, current?.numUsed() ?? 0)
    this.set({ state: 'idle' }, current?.numFree() ?? 0)
    this.set({ state: 'pending' }, current?.numPendingAcquires() ?? 0)
  },
})

new Gauge({
  name: 'db_pool_max',
  help: 'The most connections the database pool opens',
  registers: [registry],
}).set(config.get<number>(`database.connections.${db.primaryConnectionName}.pool.max`))

/**
 * The read replicas as their background poll last saw them, and the
 * routed reads by where they ran and why (contract, "Past one database"):
 * read at scrape time, so reads pay a counter increment and nothing more.
 * Labelled by host:port, never credentials. None without replicas.
 */
const replicaGauges: [name: string, help: string, value: (replica: ReplicaState) => number][] = [
  [
    'db_replica_up',
    '1 while the replica answers its checks as a standby and its last query did not fail; 0 when down, hung or promoted',
    (replica) => (replica.usable ? 1 : 0),
  ],
  [
    'db_replica_lag_seconds',
    'How old the data a replica serves may be: the time since the primary last had nothing the replica has not replayed (0 when caught up)',
    (replica) => replica.lagSeconds,
  ],
  [
    'db_replica_lag_bytes',
    "WAL bytes between the primary's current position and the replica's replay position",
    (replica) => replica.lagBytes,
  ],
]

/**
 * The read routing's figures, read from it at scrape time: called once, by
 * the provider that makes the process's routing (read_replicas_provider.ts).
 */
export function observeReadRouting(routing: ReadRouting) {
  for (const [name, help, value] of replicaGauges) {
    new Gauge({
      name,
      help,
      labelNames: ['replica'] as const,
      registers: [registry],
      collect() {
        for (const replica of routing.replicas) this.set({ replica: replica.label }, value(replica))
      },
    })
  }

  new Counter({
    name: 'db_reads_total',
    help: 'Statements of the reads that may use a replica, by where they ran (primary, replica) and why: fit, read_your_writes, lagging, unavailable, replica_failed, primary_unavailable',
    labelNames: ['target', 'reason'] as const,
    registers: [registry],
    collect() {
      this.reset()
      for (const [key, count] of routing.counts) {
        const [target, reason] = key.split(':')
        this.inc({ target, reason }, count)
      }
    },
  })
}
