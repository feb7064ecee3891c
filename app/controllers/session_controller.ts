import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import UserTransformer from '#transformers/user_transformer'
import { loginValidator } from '#validators/auth'
import RateLimits from '#services/platform/rate_limits'
import { signIn } from '#session/account_sessions'
import PendingLogins from '#session/pending_login'
import { countRejection } from '#services/platform/metrics'
import PasswordService from '#services/accounts/password_service'

@inject()
export default class SessionController {
  constructor(
    private passwords: PasswordService,
    private limits: RateLimits,
    private pendingLogins: PendingLogins
  ) {}

  /**
   * Logs in with a fresh session id. Failed attempts count per email and IP
   * (brute force); a success clears them and upgrades an old password hash.
   * An account with a second factor is not signed in yet: 401
   * `auth.second_factor_required`, then POST /auth/login/second-factor.
   */
  async store(ctx: HttpContext) {
    const { request, serialize } = ctx
    const { email, password } = await request.validateUsing(loginValidator)

    const [throttled, user] = await this.limits
      .use('login')
      .penalize(`login_${email}_${request.ip()}`, () => User.verifyCredentials(email, password))
    if (throttled) throw countRejection('login', throttled)

    await this.passwords.upgradeHash(user, password)
    if (user.twoFactorEnabled) await this.pendingLogins.require(ctx, user)
    await signIn(ctx, user)
    return serialize(UserTransformer.transform(user))
  }

  /** Ends the session everywhere: its server-side record is emptied and its id retired. */
  async destroy({ auth, session, response }: HttpContext) {
    await auth.use('web').logout()
    session.clear()
    session.regenerate()
    return response.noContent()
  }
}
