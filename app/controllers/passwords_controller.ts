import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import PasswordService from '#services/password_service'
import { changePasswordValidator } from '#validators/auth'
import { loginLimiter } from '#start/limiter'
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

    const [throttled] = await loginLimiter().penalize(`password_${user.id}_${request.ip()}`, () =>
      this.passwords.verifyCurrent(user, currentPassword)
    )
    if (throttled) throw throttled

    await this.passwords.change(user, password, session.sessionId)
    await signIn(ctx, user, { keepCreatedAt: true })
    return response.noContent()
  }
}
