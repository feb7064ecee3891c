import env from '#start/env'

/**
 * Background jobs (app/services/jobs): durable, in PostgreSQL (pg-boss, in
 * its own schema of the app's database), safe with several instances.
 */
export const jobs = {
  /**
   * Whether the web process runs the workers and the schedules (`npm
   * start`). False when operators run `node ace jobs:work` apart: the web
   * process then only enqueues.
   */
  inWebProcess: env.get('JOBS_IN_WEB_PROCESS', true),
  /**
   * The queue's own pool, beside the app's (DB_POOL_MAX): polling,
   * claiming, scheduling and upkeep are one short statement each. The jobs'
   * own work (purge, retention) runs on the app's pool, one batch at a time.
   */
  poolMax: env.get('JOBS_DB_POOL_MAX', 3),
  /** The PostgreSQL schema pg-boss creates and migrates on start. */
  schema: 'pgboss',
  /** Rows per statement of an organization's purge: each batch is its own short transaction. */
  purgeBatchSize: 500,
  /** Rows per statement of the retention jobs. */
  retentionBatchSize: 1000,
  /** Audit entries older than this many days are deleted; unset: kept (contract). */
  auditRetentionDays: env.get('AUDIT_RETENTION_DAYS'),
  /** A failed job is retried after 30 s, doubling up to an hour, up to 20 times. */
  retry: { limit: 20, delaySeconds: 30, delayMaxSeconds: 3600 },
  /** How often each instance reads the queues' figures for GET /metrics (the scrape itself reads none). */
  countsRefreshMs: 10_000,
  /** How long a stop (SIGTERM) waits for the jobs in hand to reach the end of a batch. */
  stopTimeoutMs: 10_000,
  /** When the scheduled jobs run (cron, UTC), once across every instance. */
  schedules: {
    'organization-purge-sweep': '*/15 * * * *',
    'idempotency-retention': '7 * * * *',
    'session-retention': '17 * * * *',
    'audit-retention': '37 3 * * *',
    'newsletter-unconfirmed-prune': '47 * * * *',
    'app-key-record': '27 * * * *',
  },
}
