import { inject } from '@adonisjs/core'
import { runPrepared } from '#helpers/prepared_statement'
import ReadRouting from '#services/platform/replicas/read_routing'

/**
 * Read your writes (contract, "Past one database"): once a change has
 * committed, the primary's current WAL position (at or past its commit
 * record) is kept on each account it concerns, in `users.read_after_lsn`.
 * The next request of such an account reads that row anyway (the session
 * read, or the user looked up by id), so routing its reads costs no extra
 * round trip: a replica serves them only once it has replayed that far.
 * Only kept while a replica is configured; otherwise nothing is written.
 */
@inject()
export default class WritePositions {
  constructor(private routing: ReadRouting) {}

  /** Whether positions are kept at all (a replica is configured). */
  get enabled() {
    return this.routing.enabled
  }

  async record(userIds: string[]) {
    if (!this.routing.enabled || userIds.length === 0) return
    await runPrepared(
      'record_write_position',
      'UPDATE users SET read_after_lsn = pg_current_wal_insert_lsn() WHERE id = ANY($1::uuid[])',
      [userIds]
    )
  }
}
