import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'
import { databaseAddress } from '#helpers/database_urls'
import { readSecretFile } from '#helpers/secret_files'

const databaseUrl = env.get('DATABASE_URL')
const external = Boolean(databaseUrl || env.get('DB_HOST'))

/**
 * Without DATABASE_URL or DB_HOST the service runs its own PostgreSQL
 * (providers/database_server_provider.ts), one cluster per environment
 * under tmp/postgres, so tests never touch development data.
 */
export const embeddedServer = external
  ? null
  : {
      dataDirectory: app.tmpPath('postgres', app.nodeEnvironment),
      user: 'postgres',
      password: 'postgres',
      database: `events_api_${app.nodeEnvironment}`,
    }

const poolMax = env.get('DB_POOL_MAX', 10)
const poolAcquireTimeoutMs = env.get('DB_POOL_ACQUIRE_TIMEOUT_MS', 5000)

/**
 * The longest any statement of a request may run (contract, "Data that
 * grows"), PostgreSQL's own `statement_timeout` (waiting for a lock
 * included), sent when each pooled connection opens: past it PostgreSQL
 * cancels the statement (57014), the request answers 503 and the
 * connection, still usable, goes back to the pool.
 *
 * Only in the web server process. `node ace` commands are not requests
 * and run unbounded: migrations building an index, `newsletter:export`
 * streaming every contact, `jobs:work`. Nor does the test runner's pool,
 * which also seeds large tables (the bound is tested on a server process).
 * The background jobs in the web process run on this pool and keep the
 * bound: each of their batches is one short statement by design, and one
 * past it fails and is retried with backoff rather than holding a
 * connection requests need. The job queue's own pool (pg-boss's polling
 * and upkeep) does not take it.
 */
export const statementTimeoutMs = env.get('DB_STATEMENT_TIMEOUT_MS', 5000)
const servesRequests = app.getEnvironment() === 'web'

/**
 * No noisy neighbour (contract, "Data that grows"): the requests of one
 * organization's routes hold at most half of this process's pooled
 * connections at once, and a fair share of that half while other
 * organizations have requests in flight
 * (app/services/platform/organization_lanes.ts). Beyond that, they wait
 * in line for at most `waitMs` (as long as a request waits for a
 * connection), then answer 503. Counted per process, as the pool is: each
 * instance has its own.
 */
export const organizationLanes = {
  size: Math.max(1, Math.floor(poolMax / 2)),
  waitMs: poolAcquireTimeoutMs,
}

/**
 * Bounded connect time and TCP keep-alive, so a PostgreSQL that vanishes is
 * noticed (503) instead of leaving requests hanging on dead sockets.
 */
const socket = { connectionTimeoutMillis: poolAcquireTimeoutMs, keepAlive: true }
const statementBound = servesRequests ? { statement_timeout: statementTimeoutMs } : {}

/**
 * DB_PASSWORD, or with DB_PASSWORD_FILE a function that reads the file
 * again for each new connection (the driver accepts one): a password
 * changed in the file is used without a restart, while the connections
 * already open keep theirs until the pool retires them.
 */
const passwordFile = env.get('DB_PASSWORD_FILE')
const primaryPassword = passwordFile
  ? () => readSecretFile(passwordFile)
  : env.get('DB_PASSWORD')?.release()

const connection = databaseUrl
  ? { connectionString: databaseUrl }
  : embeddedServer
    ? {
        host: '127.0.0.1',
        // The real port is chosen when the embedded server starts.
        port: 0,
        user: embeddedServer.user,
        password: embeddedServer.password,
        database: embeddedServer.database,
      }
    : {
        host: env.get('DB_HOST'),
        port: env.get('DB_PORT', 5432),
        user: env.get('DB_USER', 'postgres'),
        password: primaryPassword as string | undefined,
        database: env.get('DB_DATABASE', `events_api_${app.nodeEnvironment}`),
      }

/** The database name, which the rate limiter's database store needs explicitly. */
export const databaseName = databaseUrl
  ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1))
  : connection.database!

/**
 * Reads that may use a hot standby (app/services/platform/replicas): the
 * most staleness anyone may see, the longest a replica query may take
 * before the primary answers it, how often each replica is checked.
 */
export const replicaReads = {
  maxLagMs: env.get('REPLICA_MAX_LAG_MS', 5000),
  timeoutMs: env.get('REPLICA_TIMEOUT_MS', 1000),
  pollIntervalMs: 250,
}

/**
 * What every migration runs under (database/safe_schema.ts, contract
 * "Deploys while serving"): a migration waits at most `lockTimeoutMs` for
 * each lock (PostgreSQL's `lock_timeout`), so a long transaction makes the
 * migration wait, never every request queued behind the lock it asked for.
 * Refused, it is tried again after a pause that doubles from
 * `retryPauseMs` (at most 30 s), `attempts` times in all, each attempt
 * logged. `statementTimeoutMs` bounds any one statement (an index built
 * CONCURRENTLY on a large table included: raise it for one that needs more).
 */
export const migrationSafety = {
  lockTimeoutMs: env.get('DB_MIGRATION_LOCK_TIMEOUT_MS', 2000),
  statementTimeoutMs: env.get('DB_MIGRATION_STATEMENT_TIMEOUT_MS', 3_600_000),
  attempts: env.get('DB_MIGRATION_LOCK_ATTEMPTS', 10),
  retryPauseMs: env.get('DB_MIGRATION_RETRY_PAUSE_MS', 1000),
  maxRetryPauseMs: 30_000,
}

/**
 * The post-deploy migrations (database/post_deploy/, docs/releasing.md):
 * run once every instance runs the new release, by
 * `node ace migration:run --connection=post_deploy` (npm run
 * migration:post-deploy), recorded in their own table. The same server
 * and database as `postgres`: only the folder and the record differ, so
 * a plain `migration:run` never runs them.
 */
export const POST_DEPLOY_CONNECTION = 'post_deploy'

const replicaHost = env.get('DB_REPLICA_HOST')

/**
 * The standbys: DATABASE_REPLICA_URL (comma-separated) or DB_REPLICA_*
 * (user, password and database default to the primary's). None: every
 * query goes to the primary.
 */
const replicaConnections = env.get('DATABASE_REPLICA_URL')?.length
  ? env.get('DATABASE_REPLICA_URL')!.map((url) => ({ connectionString: url }))
  : replicaHost
    ? [
        {
          host: replicaHost,
          port: env.get('DB_REPLICA_PORT', 5432),
          user: env.get('DB_REPLICA_USER', env.get('DB_USER', 'postgres')),
          password: (env.get('DB_REPLICA_PASSWORD')?.release() ?? primaryPassword) as
            string | undefined,
          database: env.get('DB_REPLICA_DATABASE', databaseName),
        },
      ]
    : []

/**
 * Each standby's Lucid connection (`replica_1`, …) and its label for
 * metrics and logs (host:port, never credentials). Every query on it is
 * bounded by `replicaReads.timeoutMs`: in PostgreSQL (statement_timeout),
 * in the driver (query_timeout, connect) and in the pool.
 */
export const replicas = replicaConnections.map((replica, index) => ({
  name: `replica_${index + 1}`,
  label: databaseAddress(replica),
  connection: {
    ...replica,
    keepAlive: true,
    connectionTimeoutMillis: replicaReads.timeoutMs,
    statement_timeout: replicaReads.timeoutMs,
    query_timeout: replicaReads.timeoutMs,
  },
}))

const replicaPool = {
  min: 0,
  max: env.get('DB_POOL_MAX', 10),
  acquireTimeoutMillis: replicaReads.timeoutMs,
  createTimeoutMillis: replicaReads.timeoutMs,
}

const dbConfig = defineConfig({
  connection: 'postgres',
  connections: {
    postgres: {
      client: 'pg',
      connection: { ...connection, ...socket, ...statementBound },
      pool: {
        min: 0,
        max: poolMax,
        // A request waits this long for a connection, then answers 503: never a hang.
        acquireTimeoutMillis: poolAcquireTimeoutMs,
        createTimeoutMillis: poolAcquireTimeoutMs,
      },
      migrations: {
        naturalSort: true,
        paths: ['database/migrations'],
      },
      schemaGeneration: {
        enabled: true,
        rulesPaths: ['./database/schema_rules.js'],
      },
    },
    [POST_DEPLOY_CONNECTION]: {
      client: 'pg',
      connection: { ...connection, ...socket },
      pool: { min: 0, max: 2 },
      migrations: {
        naturalSort: true,
        paths: ['database/post_deploy'],
        tableName: 'adonis_schema_post_deploy',
      },
      schemaGeneration: { enabled: false },
    },
    ...Object.fromEntries(
      replicas.map(({ name, connection: replica }) => [
        name,
        { client: 'pg' as const, connection: replica, pool: replicaPool },
      ])
    ),
  },
})

export default dbConfig
