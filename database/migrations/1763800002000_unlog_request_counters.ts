import { SafeSchema } from '#database/safe_schema'

/**
 * The request counters, the limiter's `rate_limits` and each signed-in
 * user's `user_request_quotas`, become UNLOGGED tables.
 *
 * Why: nearly every request writes one of them, and a write to a logged
 * table commits only once its WAL record is flushed to disk: every request
 * waited for a flush, and the flushes queued up under load. Unlogged, their
 * writes make no WAL and wait for nothing: at the same load, another
 * organization's GET event answered 15% more requests and its p99 under a
 * big organization's worst list went from 17 to 12–15 ms (the scale bench's
 * neighbour scenario at 100 000 events, 2026-11-29).
 *
 * What it gives up fits counters of a one-minute window: after a crash of
 * PostgreSQL (not a clean restart) they start again from zero, and standbys
 * hold none, so after a failover every window starts again (docs/operations.md).
 * Nothing reads them on a replica. SET UNLOGGED rewrites each table under a
 * brief exclusive lock: they are narrow, the limiter's live keys and a row
 * per user who has signed in (101 500 such rows: 72 ms here).
 */
const COUNTERS = ['rate_limits', 'user_request_quotas']

export default class extends SafeSchema {
  async up() {
    for (const table of COUNTERS) this.schema.raw(`ALTER TABLE ${table} SET UNLOGGED`)
  }

  async down() {
    for (const table of COUNTERS) this.schema.raw(`ALTER TABLE ${table} SET LOGGED`)
  }
}
