import { PgBoss, fromKnex, type ConstructorOptions, type Job } from 'pg-boss'
import config from '@adonisjs/core/services/config'
import db from '@adonisjs/lucid/services/db'
import type { Logger } from '@adonisjs/core/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { jobs } from '#config/jobs'
import { isDependencyUnavailable } from '#helpers/dependency_errors'
import {
  QUEUES,
  QUEUE_NAMES,
  type Make,
  type QueueData,
  type QueueName,
} from '#services/jobs/queues'
import type DependencyOutages from '#services/platform/dependency_outages'

/**
 * `send`: enqueues only (a web process whose jobs run in `node ace
 * jobs:work`). `work`: also runs every queue's worker, the schedules and
 * pg-boss's upkeep (expiring lost claims, deleting old jobs).
 */
export type QueueMode = 'send' | 'work'

/** A queue's jobs right now, database-wide (every instance reads the same). */
export type QueueCounts = {
  queue: QueueName
  /** Waiting to run: new, or failed and waiting for their retry. */
  queued: number
  running: number
  /** Out of retries, kept a week. */
  failed: number
  /** How long the oldest job that may run now has waited for a worker; 0 when none waits. */
  oldestReadySeconds: number
}

const COUNTS = `
  SELECT q.name AS queue,
         count(j.id) FILTER (WHERE j.state IN ('created', 'retry'))::int AS queued,
         count(j.id) FILTER (WHERE j.state = 'active')::int AS running,
         count(j.id) FILTER (WHERE j.state = 'failed')::int AS failed,
         COALESCE(extract(epoch FROM now() - min(j.start_after)
           FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now())), 0)::float
           AS "oldestReadySeconds"
    FROM ${jobs.schema}.queue q
    LEFT JOIN ${jobs.schema}.job j
      ON j.name = q.name AND j.state IN ('created', 'retry', 'active', 'failed')
   WHERE q.name = ANY($1::text[])
   GROUP BY q.name
   ORDER BY q.name`

/**
 * The server, database and credentials of the app's connection, with its
 * connect timeout and TCP keep-alive (config/database.ts), for the queue's
 * own pool. Read when the queue is made, not at import: the embedded
 * PostgreSQL's port is known once it has started.
 */
function connectionOfTheApp(): ConstructorOptions {
  const connection = config.get<Record<string, any>>(
    `database.connections.${db.primaryConnectionName}.connection`
  )
  const fields = ['connectionString', 'host', 'port', 'user', 'password', 'database', 'ssl']
  return {
    ...Object.fromEntries(
      fields.filter((key) => key in connection).map((key) => [key, connection[key]])
    ),
    connectionTimeoutMillis: connection.connectionTimeoutMillis,
    // Passed through to pg's pool, as for the app's.
    ...({ keepAlive: connection.keepAlive } as object),
  }
}

/** A worker's failed fetch comes as a plain copy of the error (message, code): an Error again. */
function asError(value: unknown) {
  if (value instanceof Error || typeof value !== 'object' || value === null) return value
  const { message, code } = value as { message?: unknown; code?: unknown }
  return Object.assign(new Error(String(message)), { code })
}

/**
 * The durable job queue: pg-boss, in the app's PostgreSQL (its own schema,
 * `jobs.schema`, which `start()` creates and migrates, under an advisory
 * lock so instances starting together do not race), with its own small
 * pool (`jobs.poolMax`). Jobs are claimed with SKIP LOCKED, so each goes to
 * one worker however many instances run; schedules fire once across them.
 * The jobs' own statements run on the app's pool (app/services/jobs/queues.ts).
 */
export default class JobQueue {
  readonly boss: PgBoss
  #mode: QueueMode
  #logger: Logger
  #queues: QueueName[]
  #starting?: Promise<void>
  #started = false
  #stopping = new AbortController()
  #counts: QueueCounts[] = []
  #countsTimer?: NodeJS.Timeout
  #lastErrorAt = 0
  #errorsSinceLogged = 0
  #outages?: DependencyOutages

  /**
   * `make`: resolves the services a job's work uses, from the app's container.
   * `queues`: the ones whose jobs this instance runs in `work` mode (all by
   * default). `outages`: where PostgreSQL not answering is reported, as one
   * outage with the app pool's (else one line a minute of its own).
   */
  constructor(
    mode: QueueMode,
    logger: Logger,
    private make: Make,
    queues: QueueName[] = QUEUE_NAMES,
    outages?: DependencyOutages
  ) {
    this.#mode = mode
    this.#logger = logger
    this.#queues = queues
    this.#outages = outages
    this.boss = new PgBoss({
      ...connectionOfTheApp(),
      schema: jobs.schema,
      max: jobs.poolMax,
      migrate: true,
      supervise: mode === 'work',
      schedule: mode === 'work' && queues.some((name) => QUEUES[name].schedule),
      instanceName: mode === 'work' ? 'events-api-worker' : 'events-api',
    })
    this.boss.on('error', (error) => this.#reportError(error))
    this.boss.on('warning', (warning) => this.#logger.warn({ warning }, 'job queue warning'))
  }

  /**
   * pg-boss reports each failed poll. PostgreSQL not answering goes to the
   * outage tracker when it is given (the app's pool starts and ends the
   * outage); otherwise, and for any other error, one line a minute says it,
   * with the count. An outage is a warning: the jobs wait, nothing is lost.
   */
  #reportError(error: unknown) {
    const unavailable = isDependencyUnavailable(asError(error))
    if (unavailable && this.#outages) {
      return this.#outages.sidePoolFailed('postgresql', error, 'job queue: a connection failed')
    }
    const now = Date.now()
    if (now - this.#lastErrorAt < 60_000) {
      this.#errorsSinceLogged++
      return
    }
    const details = { err: error, errorsSinceLastLine: this.#errorsSinceLogged }
    if (unavailable) {
      this.#logger.warn(details, 'job queue: PostgreSQL does not answer, the jobs wait')
    } else {
      this.#logger.error(details, 'job queue error')
    }
    this.#lastErrorAt = now
    this.#errorsSinceLogged = 0
  }

  get mode() {
    return this.#mode
  }

  /** Starts once (later calls wait for the same start); a failed start is tried again by the next call. */
  start() {
    this.#starting ??= this.#start().catch((error) => {
      this.#starting = undefined
      throw error
    })
    return this.#starting
  }

  async #start() {
    await this.boss.start()
    for (const name of QUEUE_NAMES) {
      await this.boss.createQueue(name, QUEUES[name].options)
    }
    if (this.#mode === 'work') {
      for (const name of this.#queues) await this.#work(name)
    }
    this.#started = true
    await this.refreshCounts()
    this.#countsTimer = setInterval(() => void this.refreshCounts(), jobs.countsRefreshMs)
    this.#countsTimer.unref()
  }

  /** A queue's worker and its schedule, as this release defines them. */
  async #work(name: QueueName) {
    const { options, schedule } = QUEUES[name]
    const { policy, partition, deadLetter, ...changeable } = options
    await this.boss.updateQueue(name, changeable)
    // One job at a time; back to back while a backlog waits (pg-boss's cached ready count).
    const polling = { localConcurrency: 1, pollingIntervalSeconds: 2, burstWhenReadyExceeds: 1 }
    await this.boss.work(name, polling, ([job]) => this.#run(name, job as Job<any>))
    if (schedule) await this.boss.schedule(name, schedule, null, { tz: 'UTC' })
    else await this.boss.unschedule(name)
  }

  async #run(name: QueueName, job: Job<any>) {
    const signal = AbortSignal.any([job.signal, this.#stopping.signal])
    const run = QUEUES[name].run as (data: unknown, context: object) => Promise<unknown>
    try {
      return await run(job.data, { signal, send: this.send.bind(this), make: this.make })
    } catch (error) {
      this.#logger.warn(
        { err: error, queue: name, jobId: job.id, retryCount: job.retryCount },
        'background job failed: it is retried later'
      )
      throw error
    }
  }

  /**
   * Enqueues a job. With `client`, inside that transaction: the job exists
   * if and only if the transaction commits. Returns the job's id, or null
   * when a job with the same key is already queued or running.
   */
  async send<Name extends QueueName>(
    name: Name,
    data: QueueData[Name],
    options: { client?: TransactionClientContract } = {}
  ) {
    await this.start()
    const singletonKey = (
      QUEUES[name].singletonKey as ((value: QueueData[Name]) => string) | undefined
    )?.(data)
    return this.boss.send(name, data, {
      ...(singletonKey ? { singletonKey } : {}),
      ...(options.client ? { db: fromKnex(options.client.knexClient) } : {}),
    })
  }

  /**
   * Every queue's figures as last read (every `jobs.countsRefreshMs`), so
   * that a metrics scrape runs no query; none before the queue has started,
   * nor while PostgreSQL does not answer.
   */
  get counts(): readonly QueueCounts[] {
    return this.#counts
  }

  /** Reads the figures now. */
  async refreshCounts() {
    if (!this.#started) return
    try {
      const { rows } = await this.boss.getDb().executeSql(COUNTS, [QUEUE_NAMES])
      this.#counts = rows
    } catch (error) {
      this.#counts = []
      this.#reportError(error)
    }
  }

  /**
   * Stops fetching; the jobs in hand stop at the end of their batch (their
   * signal aborts) and are retried later, by any instance. Then the pool closes.
   */
  async stop() {
    this.#stopping.abort(new Error('the job queue is stopping'))
    clearInterval(this.#countsTimer)
    await this.#starting?.catch(() => {})
    this.#started = false
    this.#counts = []
    await this.boss.stop({ graceful: true, timeout: jobs.stopTimeoutMs })
  }
}
