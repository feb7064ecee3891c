import type { HttpContext } from '@adonisjs/core/http'
import { SessionLucidUserProvider } from '@adonisjs/auth/session'
import User from '#models/user'
import { runPrepared } from '#helpers/prepared_statement'
import type ReadRouting from '#services/platform/replicas/read_routing'

/**
 * The `web` guard's users, one provider per request: the user the session
 * store already read with the session (`ctx.sessionRead`, same id) is used
 * as is; otherwise (Redis or cookie sessions) it is looked up by id, with a
 * prepared statement as every statement of the hot path, on the primary
 * (a replica answers only while the primary is out of reach: reads go on
 * through a failover).
 */
export class SessionUserProvider extends SessionLucidUserProvider<typeof User> {
  constructor(
    private ctx: HttpContext,
    private routing: ReadRouting
  ) {
    super({ model: async () => ({ default: User }) })
  }

  async findById(identifier: string | number | BigInt) {
    const id = String(identifier)
    let row: Record<string, unknown> | undefined = this.ctx.sessionRead?.userRow(id)
    if (!row) {
      const { rows } = await this.routing.primaryFirst((connection) =>
        runPrepared('find_user', 'SELECT * FROM users WHERE id = $1', [id], connection)
      )
      row = rows[0]
    }
    return row ? this.createUserForGuard(User.$createFromAdapterResult(row)!) : null
  }
}
