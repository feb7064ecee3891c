import { walReached } from '#helpers/wal_positions'

/**
 * Why a read did not go to a replica (or `fit`: it did). `unavailable`: down,
 * hung, promoted or not checked yet; `replica_failed`: the query failed or
 * timed out there and the primary answered it.
 */
export type ReadReason =
  'fit' | 'read_your_writes' | 'lagging' | 'unavailable' | 'replica_failed' | 'primary_unavailable'

/** What the last poll found: `fit` to serve reads, or why not. */
export type ReplicaCondition = 'unknown' | 'fit' | 'down' | 'promoted' | 'lagging'

/** What one poll of a standby read: whether it is in recovery and how far it got. */
export type StandbyReport = {
  inRecovery: boolean
  replayed: bigint | null
  received: bigint | null
  /** now() - pg_last_xact_replay_timestamp() on the standby, in ms; null before any replay. */
  replayAgeMs: number | null
}

/**
 * One standby as its poller last saw it. `dataAsOf` (local ms): the replica
 * holds every change the primary had committed at that instant, so a read
 * there is `now - dataAsOf` old at most.
 */
export class ReplicaState {
  condition: ReplicaCondition = 'unknown'
  /** Answered its last poll as a standby, and no query has failed there since. */
  usable = false
  replayed: bigint | null = null
  dataAsOf = Number.NEGATIVE_INFINITY
  lagBytes = Number.NaN
  lagSeconds = Number.NaN

  constructor(
    /** The Lucid connection's name. */
    readonly name: string,
    /** host:port, for metrics and logs. */
    readonly label: string
  ) {}

  /**
   * Why this replica may not serve a read at `now` of an account whose
   * last change is at WAL position `readAfter` (null: none known), or null
   * when it may.
   */
  refusal(readAfter: bigint | null, now: number, maxLagMs: number): ReadReason | null {
    if (!this.usable) return 'unavailable'
    if (readAfter !== null && (this.replayed === null || !walReached(this.replayed, readAfter))) {
      return 'read_your_writes'
    }
    if (now - this.dataAsOf > maxLagMs) return 'lagging'
    return null
  }

  /** The poll failed or timed out: not used until a poll succeeds. */
  markDown() {
    this.condition = 'down'
    this.usable = false
  }

  /** A query failed there: the primary serves reads until the next successful poll. */
  markFailed() {
    this.usable = false
  }
}
