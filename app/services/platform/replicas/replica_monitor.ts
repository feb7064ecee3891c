import pg from 'pg'
import type { Logger } from '@adonisjs/core/logger'
import { runPrepared } from '#helpers/prepared_statement'
import { walPosition, walReached } from '#helpers/wal_positions'
import {
  type ReplicaState,
  type ReplicaCondition,
  type StandbyReport,
} from '#services/platform/replicas/replica_state'

/** What the monitor needs of each standby: its state and how to reach it. */
export type MonitoredReplica = { state: ReplicaState; connection: pg.ClientConfig }

export type MonitorSettings = { maxLagMs: number; timeoutMs: number; pollIntervalMs: number }

/** The primary's WAL position, sent at `at` (local ms): everything committed before is at or below it. */
type Sample = { at: number; position: bigint }

const STANDBY_STATUS = `SELECT pg_is_in_recovery() AS in_recovery,
  pg_last_wal_replay_lsn()::text AS replayed,
  pg_last_wal_receive_lsn()::text AS received,
  (extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS replay_age_ms`

/** `work`, or a rejection once `ms` have passed. */
export function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  work.catch(() => {})
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Checks every standby in the background (every `pollIntervalMs`, each poll
 * bounded by `timeoutMs`): whether it answers, is still in recovery (not
 * promoted) and how far it replayed. Its staleness is measured against the
 * primary's WAL positions sampled on the same ticks: a replica that replayed
 * past the position the primary had at instant T holds everything committed
 * before T, whatever the primary did since (an idle primary makes no lag).
 * Each standby has one connection of its own for the polls, so a busy pool
 * never delays them.
 */
export default class ReplicaMonitor {
  #samples: Sample[] = []
  #clients = new Map<ReplicaState, pg.Client>()
  #timer?: NodeJS.Timeout
  #running = false

  constructor(
    private replicas: MonitoredReplica[],
    private settings: MonitorSettings,
    private logger?: Logger
  ) {}

  start(logger: Logger) {
    this.logger = logger
    if (this.#running) return
    this.#running = true
    const loop = async () => {
      await this.poll()
      if (this.#running) this.#timer = setTimeout(loop, this.settings.pollIntervalMs).unref()
    }
    void loop()
  }

  async stop() {
    this.#running = false
    clearTimeout(this.#timer)
    const clients = [...this.#clients.values()]
    this.#clients.clear()
    await Promise.all(clients.map((client) => client.end().catch(() => {})))
  }

  /** One tick: the primary's position and every standby's status, side by side. */
  async poll() {
    const startedAt = Date.now()
    const [primary, ...reports] = await Promise.all([
      this.#primaryPosition(),
      ...this.replicas.map(({ state, connection }) => this.#standbyReport(state, connection)),
    ])
    if (primary !== null) this.#remember({ at: startedAt, position: primary })
    this.replicas.forEach(({ state }, index) => {
      const before = state.condition
      this.#update(state, reports[index], primary, startedAt)
      if (state.condition !== before) this.#logChange(state, before)
    })
  }

  async #primaryPosition(): Promise<bigint | null> {
    try {
      const { rows } = await withinTimeout(
        runPrepared<{ position: string }>(
          'primary_wal_position',
          'SELECT pg_current_wal_insert_lsn()::text AS position',
          []
        ),
        this.settings.timeoutMs
      )
      return walPosition(rows[0].position)
    } catch {
      return null
    }
  }

  async #standbyReport(state: ReplicaState, connection: pg.ClientConfig) {
    let client = this.#clients.get(state)
    try {
      if (!client) {
        client = new pg.Client({ ...connection, application_name: 'replica monitor' })
        client.on('error', () => {})
        this.#clients.set(state, client)
        await withinTimeout(client.connect(), this.settings.timeoutMs)
      }
      const { rows } = await withinTimeout(client.query(STANDBY_STATUS), this.settings.timeoutMs)
      const row = rows[0]
      return {
        inRecovery: row.in_recovery,
        replayed: walPosition(row.replayed),
        received: walPosition(row.received),
        replayAgeMs: row.replay_age_ms,
      } satisfies StandbyReport
    } catch {
      // A broken or hung connection is dropped; the next poll opens a new one.
      this.#clients.delete(state)
      client?.end().catch(() => {})
      return null
    }
  }

  #remember(sample: Sample) {
    this.#samples.push(sample)
    const horizon = sample.at - this.settings.maxLagMs - 1000
    while (this.#samples.length > 1 && this.#samples[0].at < horizon) this.#samples.shift()
  }

  #update(state: ReplicaState, report: StandbyReport | null, primary: bigint | null, at: number) {
    if (!report) return state.markDown()
    state.replayed = report.replayed
    state.usable = report.inRecovery
    if (!report.inRecovery) {
      state.condition = 'promoted'
      return
    }
    state.dataAsOf = this.#dataAsOf(report, primary, at)
    state.lagSeconds = Math.max(0, at - state.dataAsOf) / 1000
    const ahead = primary ?? report.received
    const { replayed } = report
    if (ahead === null || replayed === null) state.lagBytes = Number.NaN
    else state.lagBytes = walReached(replayed, ahead) ? 0 : Number(ahead - replayed)
    state.condition = at - state.dataAsOf > this.settings.maxLagMs ? 'lagging' : 'fit'
  }

  /**
   * The instant up to which the standby holds every committed change: the
   * latest sample it replayed past. With the primary out of reach, a standby
   * that replayed all it received is as fresh as anything known (a
   * failover). Past the samples kept, the age of its last replayed commit.
   */
  #dataAsOf(report: StandbyReport, primary: bigint | null, at: number) {
    const { replayed, received } = report
    if (replayed === null) return Number.NEGATIVE_INFINITY
    if (primary === null && received !== null && replayed >= received) return at
    for (let index = this.#samples.length - 1; index >= 0; index--) {
      if (walReached(replayed, this.#samples[index].position)) return this.#samples[index].at
    }
    const oldest = this.#samples[0]?.at ?? at
    return Math.min(oldest, report.replayAgeMs === null ? -Infinity : at - report.replayAgeMs)
  }

  #logChange(state: ReplicaState, before: ReplicaCondition) {
    const fields = { replica: state.label, condition: state.condition, was: before }
    if (state.condition === 'fit') {
      this.logger?.info(fields, `replica ${state.label} serves reads`)
      return
    }
    const why: Record<Exclude<ReplicaCondition, 'fit'>, string> = {
      unknown: 'not checked yet',
      down: 'it does not answer',
      promoted: 'it is no longer a standby (promoted)',
      lagging: `it lags more than ${this.settings.maxLagMs} ms`,
    }
    // A warning when it stops serving reads; how an unfit replica changes on is detail.
    const log = before === 'fit' || before === 'unknown' ? 'warn' : 'info'
    this.logger?.[log](
      { ...fields, lagSeconds: state.lagSeconds },
      `replica ${state.label} not used for reads, the primary answers them: ${why[state.condition]}`
    )
  }
}
