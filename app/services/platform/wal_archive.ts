import db from '@adonisjs/lucid/services/db'

/**
 * The primary's WAL archiver as `pg_stat_archiver` shows it (contract,
 * "Nothing lost, even to a mistake"): how long since a segment was last
 * archived, how many attempts failed since the statistics were reset, and
 * how much WAL was flushed since the last archived segment ended (0 on a
 * primary with nothing new to archive: an idle database archives nothing,
 * which is not a stale archive).
 */
export type WalArchiveState = {
  archiveMode: string
  archivedCount: number
  failedCount: number
  /** Since the last success, or since the statistics were reset when there was none. */
  lastSuccessAgeSeconds: number
  lastArchivedWal: string | null
  lastFailedWal: string | null
  lastFailedAt: string | null
  /** WAL flushed past the end of the last archived segment; null when that is unknown. */
  pendingBytes: number | null
  archiveTimeoutSeconds: number
}

/**
 * One row on the primary, none on a standby (it archives nothing unless
 * archive_mode = always, and its statistics are not the primary's). The
 * segment's start comes from the archived file's name: timeline, then the
 * high and low 32 bits of its number in segments of wal_segment_size bytes.
 */
const QUERY = `
  SELECT current_setting('archive_mode') AS archive_mode,
         a.archived_count::int AS archived_count,
         a.failed_count::int AS failed_count,
         extract(epoch FROM now() - coalesce(a.last_archived_time, a.stats_reset))::float8 AS age,
         a.last_archived_wal, a.last_failed_wal, a.last_failed_time,
         (SELECT setting::int FROM pg_settings WHERE name = 'archive_timeout') AS archive_timeout,
         CASE WHEN a.last_archived_wal ~ '^[0-9A-F]{24}$' THEN
           greatest(0, (pg_current_wal_flush_lsn() - '0/0'::pg_lsn) - (
             ('x' || substr(a.last_archived_wal, 9, 8))::bit(32)::bigint * 4294967296
             + (('x' || substr(a.last_archived_wal, 17, 8))::bit(32)::bigint + 1) * s.segment))::float8
         END AS pending_bytes
    FROM pg_stat_archiver a,
         (SELECT setting::bigint AS segment FROM pg_settings WHERE name = 'wal_segment_size') s
   WHERE NOT pg_is_in_recovery()`

type Row = {
  archive_mode: string
  archived_count: number
  failed_count: number
  age: number
  last_archived_wal: string | null
  last_failed_wal: string | null
  last_failed_time: Date | null
  archive_timeout: number
  pending_bytes: number | null
}

/** Read at most once per this many ms, however many scrapes and health reports ask. */
const REUSE_MS = 5000

/** One per process (bound in providers/bindings_provider.ts): the metrics and the health report share its reads. */
export class WalArchive {
  #last: { at: number; state: Promise<WalArchiveState | null> } | undefined

  /** The archiver's state, or null when archiving is off, on a standby, or unreadable. */
  state(): Promise<WalArchiveState | null> {
    const now = Date.now()
    if (this.#last && now - this.#last.at < REUSE_MS) return this.#last.state
    const state = this.#read().catch(() => null)
    this.#last = { at: now, state }
    return state
  }

  async #read(): Promise<WalArchiveState | null> {
    if (!db.manager.isConnected(db.primaryConnectionName)) return null
    const result = await db.connection().getWriteClient().raw(QUERY)
    const row = (result.rows as Row[])[0]
    if (!row || row.archive_mode === 'off') return null
    return {
      archiveMode: row.archive_mode,
      archivedCount: row.archived_count,
      failedCount: row.failed_count,
      lastSuccessAgeSeconds: Math.max(0, row.age),
      lastArchivedWal: row.last_archived_wal,
      lastFailedWal: row.last_failed_wal,
      lastFailedAt: row.last_failed_time?.toISOString() ?? null,
      pendingBytes: row.pending_bytes,
      archiveTimeoutSeconds: row.archive_timeout,
    }
  }
}
