import type { HttpContext } from '@adonisjs/core/http'
import { symbols } from '@adonisjs/auth'
import type { SessionGuardUser, SessionUserProviderContract } from '@adonisjs/auth/types/session'
import type { Account } from '#types/account'
import { runPrepared } from '#helpers/prepared_statement'
import type ReadRouting from '#services/platform/replicas/read_routing'
import { SignedInAccount } from '#session/signed_in_account'
import { ACCOUNT_COLUMNS, type UserRow } from '#session/session_read'

/**
 * The `web` guard's users, one provider per request: the user the session
 * store already read with the session (`ctx.sessionRead`, same id) is used
 * as is; otherwise (Redis or cookie sessions) it is looked up by id, with a
 * prepared statement as every statement of the hot path, on the primary
 * (a replica answers only while the primary is out of reach: reads go on
 * through a failover). The guard's user is an `Account` (signed_in_account.ts);
 * signing in takes a `User` model, which is one.
 */
export class SessionUserProvider implements SessionUserProviderContract<Account> {
  declare [symbols.PROVIDER_REAL_USER]: Account

  constructor(
    private ctx: HttpContext,
    private routing: ReadRouting
  ) {}

  async createUserForGuard(account: Account): Promise<SessionGuardUser<Account>> {
    return { getId: () => account.id, getOriginal: () => account }
  }

  async findById(identifier: string | number | BigInt) {
    const id = String(identifier)
    let row = this.ctx.sessionRead?.userRow(id)
    if (!row) {
      const { rows } = await this.routing.primaryFirst((connection) =>
        runPrepared<UserRow>(
          'find_user',
          `SELECT ${ACCOUNT_COLUMNS} FROM users u WHERE u.id = $1`,
          [id],
          connection
        )
      )
      row = rows[0]
    }
    return row ? this.createUserForGuard(new SignedInAccount(row)) : null
  }
}
