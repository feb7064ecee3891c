import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SessionRegistry from '#services/accounts/session_registry'
import { destroySessionValidator } from '#validators/auth'
import { isPublicSessionId } from '#helpers/session_devices'
import Reauthentication from '#session/reauthentication'

/** The signed-in account's sessions: list, end one, end all others. */
@inject()
export default class AccountSessionsController {
  constructor(
    private sessions: SessionRegistry,
    private reauthentication: Reauthentication
  ) {}

  async index({ auth, session }: HttpContext) {
    const user = auth.getUserOrFail()
    return { data: await this.sessions.list(user.id, session.sessionId) }
  }

  /**
   * Ending the current session signs this client out, as logout does;
   * ending another one is a sensitive action (re-authentication).
   */
  async destroy(ctx: HttpContext) {
    const { request, auth, session, response } = ctx
    const { params } = await request.validateUsing(destroySessionValidator)
    if (!isPublicSessionId(session.sessionId, params.sessionId)) {
      await this.reauthentication.assertRecent(ctx)
    }
    const ended = await this.sessions.end(auth.getUserOrFail().id, params.sessionId)
    if (ended === session.sessionId) session.clear()
    return response.noContent()
  }

  async clear({ auth, session, response }: HttpContext) {
    await this.sessions.endAll(auth.getUserOrFail().id, session.sessionId)
    return response.noContent()
  }
}
