import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import SecondFactorRequiredException from '#exceptions/second_factor_required_exception'
import { PENDING_LOGIN_KEY, signIn } from '#session/account_sessions'
import LoginChallenges, {
  type PendingLogin,
  type SecondFactorCheck,
} from '#services/accounts/two_factor/login_challenges'
import SecondFactors from '#services/accounts/two_factor/second_factors'

export type { PendingLogin, SecondFactorCheck }

/**
 * A login waiting for its second factor, seen from the request. Every
 * way of finishing it goes through here:
 *
 *   const challenge = await pendingLogins.challenge(ctx)          // 401 / 429 when it cannot be finished
 *   const user = await pendingLogins.complete(ctx, challenge, check) // 401 when `check` says no
 *
 * POST /auth/login/second-factor checks a TOTP or recovery code; the
 * passkey login checks an assertion for `challenge.userId`.
 */
@inject()
export default class PendingLogins {
  constructor(
    private challenges: LoginChallenges,
    private factors: SecondFactors
  ) {}

  /**
   * The password was right for an account with a second factor: opens a
   * challenge (10 minutes), remembers only its id in this session and
   * answers 401 `auth.second_factor_required` with the account's methods.
   * Nobody is signed in.
   */
  async require(ctx: HttpContext, user: User): Promise<never> {
    const id = await this.challenges.open(user.id)
    ctx.session.put(PENDING_LOGIN_KEY, id)
    throw new SecondFactorRequiredException(await this.factors.methods(user.id))
  }

  /**
   * This session's pending login, when it can still be finished; else 401
   * `auth.second_factor_expired` (none, finished or past 10 minutes) or 429
   * `common.rate_limit.exceeded` (5 wrong codes on it, or the account locked).
   */
  challenge(ctx: HttpContext): Promise<PendingLogin> {
    return this.challenges.live(ctx.session.get(PENDING_LOGIN_KEY))
  }

  /**
   * Finishes `challenge` if `check` holds (atomically: see
   * `LoginChallenges.complete`) and signs its account in under a new
   * session id. A wrong factor: 401 `auth.second_factor_invalid`, counted.
   */
  async complete(ctx: HttpContext, challenge: PendingLogin, check: SecondFactorCheck) {
    const userId = await this.challenges.complete(challenge, check)
    const user = await User.findOrFail(userId)
    await signIn(ctx, user)
    return user
  }
}
