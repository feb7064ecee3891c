import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import PasswordService from '#services/accounts/password_service'
import { changePasswordValidator } from '#validators/auth'
import { signIn } from '#session/account_sessions'

@inject()
export default class PasswordsController {
  constructor(private passwords: PasswordService) {}

  /**
   * Changes the password with the current one (wrong ones are throttled
   * like logins); this session continues under a new id, the others end.
   */
  async update(ctx: HttpContext) {
    const { request, auth, session, response } = ctx
    const { currentPassword, password } = await request.validateUsing(changePasswordValidator)
    const user = auth.getUserOrFail()

    await this.passwords.confirmCurrent(user, currentPassword, request.ip())

    await this.passwords.change(user, password, session.sessionId)
    await signIn(ctx, user, { keepCreatedAt: true })
    return response.noContent()
  }
}
