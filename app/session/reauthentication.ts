import type { HttpContext } from '@adonisjs/core/http'
import ReauthenticationRequiredException from '#exceptions/reauthentication_required_exception'
import { AUTHENTICATED_AT_KEY } from '#session/account_sessions'
import { secondFactorMethods } from '#services/accounts/two_factor/second_factors'
import { Clock } from '#helpers/clock'
import { twoFactor } from '#config/accounts'

/**
 * Sensitive actions of an account with a second factor are allowed within
 * REAUTH_MAX_AGE_SECONDS of this session's sign-in or of its last POST
 * /auth/reauthenticate; else 403 `auth.reauthentication_required`, with the
 * ways to re-authenticate and the window, whatever the request carries.
 * An account without a second factor passes (its `currentPassword` fields
 * protect it as before). Attach it as the `reauthenticated` middleware, or
 * call it where only some requests of a route are sensitive.
 */
export async function assertRecentlyAuthenticated(ctx: HttpContext) {
  const user = ctx.auth.getUserOrFail()
  if (!user.twoFactorEnabled) return
  const maxAgeSeconds = twoFactor.reauthMaxAgeSeconds
  const at = ctx.session.get(AUTHENTICATED_AT_KEY)
  const clock = await ctx.containerResolver.make(Clock)
  if (typeof at === 'number' && clock.now() - at < maxAgeSeconds * 1000) return
  const methods = ['password', ...(await secondFactorMethods(user.id))]
  throw new ReauthenticationRequiredException(methods, maxAgeSeconds)
}

/** This session just proved who it is again: the window starts now. */
export async function markReauthenticated(ctx: HttpContext) {
  const clock = await ctx.containerResolver.make(Clock)
  ctx.session.put(AUTHENTICATED_AT_KEY, clock.now())
}
