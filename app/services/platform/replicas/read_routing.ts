import type { Logger } from '@adonisjs/core/logger'
import { isDependencyUnavailable } from '#helpers/dependency_errors'
import { replicaReads, type replicas } from '#config/database'
import { walPosition } from '#helpers/wal_positions'
import ReplicaMonitor, { withinTimeout } from '#services/platform/replicas/replica_monitor'
import { ReplicaState, type ReadReason } from '#services/platform/replicas/replica_state'

/** The account a read is for: its last change's WAL position (users.read_after_lsn). */
export type Reader = { readAfterLsn: string | null }

/**
 * How a read may run. Without `replicaFor`, on the primary: the default,
 * so a read inside or before a change never meets a replica.
 */
export type ReadOptions = { replicaFor?: Reader }

/** Runs a read on the connection it is given (undefined: the primary). */
export type Read<T> = (connection: string | undefined) => Promise<T>

/** What failed, in one line: never a stack or a driver's client object. */
function firstLine(error: unknown) {
  return (error instanceof Error ? error.message : String(error ?? '')).split('\n', 1)[0]
}

/** How long a failed read is not logged again for the same replica. */
const QUIET_MS = 60_000

/**
 * The one door for the reads that may use a hot standby (contract, "Past
 * one database"): the event, the event list, organizations, members,
 * invitations, the audit log. A replica serves a read only while it is
 * fit: it answers as a standby, it replayed past the reader's last change
 * (read your writes, by WAL position), and its data is at most
 * REPLICA_MAX_LAG_MS old. Otherwise, and whenever the query fails or takes
 * longer than REPLICA_TIMEOUT_MS there, the primary answers: a replica
 * never causes an error. Without replicas, every read goes straight to the
 * primary. One per process, over the replicas of config/database.ts, with
 * its monitor (providers/read_replicas_provider.ts).
 */
export default class ReadRouting {
  readonly replicas: ReplicaState[]
  readonly monitor: ReplicaMonitor | null
  /** Statements by target and reason, read by the metrics at scrape time. */
  readonly counts = new Map<`${'primary' | 'replica'}:${ReadReason}`, number>()
  #turn = 0
  #quietUntil = new Map<ReplicaState, number>()
  #logger?: Logger

  constructor(
    configured: typeof replicas,
    private settings = replicaReads
  ) {
    this.replicas = configured.map(({ name, label }) => new ReplicaState(name, label))
    this.monitor = configured.length
      ? new ReplicaMonitor(
          configured.map(({ connection }, index) => ({ state: this.replicas[index], connection })),
          settings
        )
      : null
  }

  /** Whether any replica is configured: read your writes is then recorded. */
  get enabled() {
    return this.monitor !== null
  }

  startMonitoring(logger: Logger) {
    this.#logger = logger
    this.monitor?.start(logger)
  }

  async stopMonitoring() {
    await this.monitor?.stop()
  }

  /**
   * `read` on a replica fit for `options.replicaFor`, or on the primary.
   * `statements`: how many statements `read` runs, for db_reads_total.
   * `read` should only query: an error it throws on a replica makes the
   * primary run it again.
   */
  async read<T>(options: ReadOptions, read: Read<T>, statements = 1): Promise<T> {
    const reader = options.replicaFor
    if (!reader || !this.monitor) return read(undefined)
    const { replica, reason } = this.#choose(walPosition(reader.readAfterLsn))
    if (!replica) {
      this.#count('primary', reason, statements)
      return read(undefined)
    }
    try {
      const result = await withinTimeout(read(replica.name), this.settings.timeoutMs)
      this.#count('replica', 'fit', statements)
      return result
    } catch (error) {
      this.#failed(replica, error)
      this.#count('primary', 'replica_failed', statements)
      return read(undefined)
    }
  }

  /**
   * A read that belongs on the primary (the signed-in account's row, which
   * carries the position of its last change) but, while the primary is out
   * of reach (a failover), is answered by a fit replica: it holds every
   * acknowledged change under synchronous replication, or the newest there
   * is. If that fails too, the primary's error stands.
   */
  async primaryFirst<T>(read: Read<T>): Promise<T> {
    try {
      return await read(undefined)
    } catch (error) {
      if (!this.monitor || !isDependencyUnavailable(error)) throw error
      const { replica } = this.#choose(null)
      if (!replica) throw error
      try {
        const result = await withinTimeout(read(replica.name), this.settings.timeoutMs)
        this.#count('replica', 'primary_unavailable', 1)
        return result
      } catch {
        throw error
      }
    }
  }

  /** The next fit replica (round robin), or why none is. */
  #choose(readAfter: bigint | null): { replica?: ReplicaState; reason: ReadReason } {
    const now = Date.now()
    let reason: ReadReason = 'unavailable'
    for (let tried = 0; tried < this.replicas.length; tried++) {
      const replica = this.replicas[this.#turn++ % this.replicas.length]
      const refusal = replica.refusal(readAfter, now, this.settings.maxLagMs)
      if (!refusal) return { replica, reason: 'fit' }
      // The reason most telling of the account: its own change not replayed yet.
      if (refusal === 'read_your_writes' || reason === 'unavailable') reason = refusal
    }
    return { reason }
  }

  #failed(replica: ReplicaState, error: unknown) {
    replica.markFailed()
    const now = Date.now()
    if ((this.#quietUntil.get(replica) ?? 0) > now) return
    this.#quietUntil.set(replica, now + QUIET_MS)
    this.#logger?.warn(
      { replica: replica.label, reason: firstLine(error) },
      `a read failed on replica ${replica.label}, the primary answered it; the replica waits for its next check`
    )
  }

  #count(target: 'primary' | 'replica', reason: ReadReason, statements: number) {
    const key = `${target}:${reason}` as const
    this.counts.set(key, (this.counts.get(key) ?? 0) + statements)
  }
}
