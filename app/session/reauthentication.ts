import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ReauthenticationRequiredException from '#exceptions/reauthentication_required_exception'
import { AUTHENTICATED_AT_KEY } from '#session/account_sessions'
import SecondFactors from '#services/accounts/two_factor/second_factors'
import { Clock } from '#helpers/clock'
import { twoFactor } from '#config/accounts'

/**
 * Sensitive actions of an account with a second factor are allowed within
 * REAUTH_MAX_AGE_SECONDS of this session's sign-in or of its last POST
 * /auth/reauthenticate; else 403 `auth.reauthentication_required`, with the
 * ways to re-authenticate and the window, whatever the request carries.
 * An account without a second factor passes (its `currentPassword` fields
 * protect it as before). The `reauthenticated` middleware asserts it, as
 * does a route where only some requests are sensitive.
 */
@inject()
export default class Reauthentication {
  constructor(
    private clock: Clock,
    private factors: SecondFactors
  ) {}

  async assertRecent(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    if (!user.twoFactorEnabled) return
    const maxAgeSeconds = twoFactor.reauthMaxAgeSeconds
    const at = ctx.session.get(AUTHENTICATED_AT_KEY)
    if (typeof at === 'number' && this.clock.now() - at < maxAgeSeconds * 1000) return
    const methods = ['password', ...(await this.factors.methods(user.id))]
    throw new ReauthenticationRequiredException(methods, maxAgeSeconds)
  }

  /** This session just proved who it is again: the window starts now. */
  mark(ctx: HttpContext) {
    ctx.session.put(AUTHENTICATED_AT_KEY, this.clock.now())
  }
}
