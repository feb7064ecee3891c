import type { HttpContext } from '@adonisjs/core/http'
import { SessionLucidUserProvider } from '@adonisjs/auth/session'
import User from '#models/user'
import { userReadWithSession } from '#session/database_session_store'

/**
 * The `web` guard's users, one provider per request: the user the session
 * store already read with the session (same id) is used as is; otherwise
 * (Redis or cookie sessions) it is looked up by id as usual.
 */
export class SessionUserProvider extends SessionLucidUserProvider<typeof User> {
  constructor(private ctx: HttpContext) {
    super({ model: async () => ({ default: User }) })
  }

  async findById(identifier: string | number | BigInt) {
    const row = userReadWithSession(this.ctx)
    if (row && row.id === identifier) {
      return this.createUserForGuard(User.$createFromAdapterResult(row)!)
    }
    return super.findById(identifier)
  }
}
