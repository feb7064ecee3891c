import { inject } from '@adonisjs/core'
import type { Account } from '#types/account'
import ReauthenticationFailedException from '#exceptions/reauthentication_failed_exception'
import PasskeyInvalidException from '#exceptions/passkey_invalid_exception'
import PasskeyService, {
  type AuthenticationResponse,
} from '#services/accounts/two_factor/passkey_service'
import SecondFactorService, {
  type CodeProof,
} from '#services/accounts/two_factor/second_factor_service'
import PasswordService, { currentPasswordThrottleKey } from '#services/accounts/password_service'
import { countRejection } from '#services/platform/metrics'
import RateLimits from '#services/platform/rate_limits'
import type { Language } from '#helpers/languages'

/** What POST /auth/reauthenticate takes: one of a password, a code, a recovery code or a passkey's assertion. */
export type ReauthenticationProof = CodeProof & {
  password?: string
  passkeyResponse?: AuthenticationResponse
}

/** POST /auth/reauthenticate: the signed-in account proves who it is again. */
@inject()
export default class ReauthenticationService {
  constructor(
    private factors: SecondFactorService,
    private passkeys: PasskeyService,
    private passwords: PasswordService,
    private limits: RateLimits
  ) {}

  /**
   * Checks the proof; a wrong one is 401 `auth.reauthentication_failed`,
   * throttled like logins on the same count as `currentPassword` fields
   * (per account and IP: 5 a minute, then 429 for 15 minutes).
   */
  async verify(user: Account, proof: ReauthenticationProof, ip: string, requestLanguage: Language) {
    const [throttled] = await this.limits
      .use('login')
      .penalize(currentPasswordThrottleKey(user.id, ip), async () => {
        if (!(await this.#holds(user, proof))) throw new ReauthenticationFailedException()
      })
    if (throttled) throw countRejection('login', throttled)
    await this.factors.noteUsed(user, proof, requestLanguage)
  }

  /**
   * A passkey's assertion (its challenge spent, its counter moved), a code
   * or recovery code (spent if right), else the password.
   */
  async #holds(user: Account, proof: ReauthenticationProof) {
    if (proof.passkeyResponse !== undefined) {
      return this.passkeys.verifyAuthentication(proof.passkeyResponse, { userId: user.id }).then(
        () => true,
        (error) => {
          if (error instanceof PasskeyInvalidException) return false
          throw error
        }
      )
    }
    if (proof.code !== undefined || proof.recoveryCode !== undefined) {
      return this.factors.check(user.id, proof)
    }
    return proof.password !== undefined && this.passwords.matches(user, proof.password)
  }
}
