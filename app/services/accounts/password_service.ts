import { inject } from '@adonisjs/core'
import { safeTiming } from '@adonisjs/core/helpers'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Account } from '#types/account'
import User from '#models/user'
import WrongCurrentPasswordException from '#exceptions/wrong_current_password_exception'
import PasswordResetNotification from '#mails/password_reset_notification'
import PasswordChangedNotification from '#mails/password_changed_notification'
import AccountTokenService from '#services/accounts/account_token_service'
import MailDelivery from '#services/platform/mail_delivery'
import SessionRegistry from '#services/accounts/session_registry'
import { accountTokens } from '#config/accounts'
import RateLimits from '#services/platform/rate_limits'
import type { Language } from '#helpers/languages'

/** The one count of wrong current passwords (and re-authentications) per account and IP. */
export const currentPasswordThrottleKey = (userId: string, ip: string) => `password_${userId}_${ip}`

@inject()
export default class PasswordService {
  constructor(
    private tokens: AccountTokenService,
    private delivery: MailDelivery,
    private sessions: SessionRegistry,
    private limits: RateLimits
  ) {}

  /**
   * Emails a reset link when `email` has an account and has had fewer than
   * 3 this hour. The same work is done for any address (the per-address
   * count, the look-up), the answer takes at least `forgotMinimumMs`, and
   * the email goes out after the answer: neither the answer nor its timing
   * says whether the account exists (OWASP). Emails are written in the
   * account's language, else the request's.
   */
  async forgot(email: string, requestLanguage: Language) {
    await safeTiming(accountTokens.forgotMinimumMs, async () => {
      const allowed = await this.limits
        .use('password_reset_emails')
        .attempt(`reset_${email}`, () => true)
      const user = await User.findBy('email', email)
      if (!allowed || !user) return
      const token = await this.tokens.issue(user.id, 'password_reset')
      this.delivery.sendInBackground(
        new PasswordResetNotification(user.email, user.locale ?? requestLanguage, token)
      )
    })
  }

  /**
   * Spends the token and sets the password in one transaction (the email
   * counts as verified: the link proved it), then ends every session of the
   * account and sends a notice, with no transaction held.
   */
  async reset(token: string, password: string, requestLanguage: Language) {
    const user = await db.transaction(async (trx) => {
      const { user: owner } = await this.tokens.spend(token, 'password_reset', trx)
      owner.password = password
      owner.emailVerifiedAt ??= DateTime.now()
      await owner.save()
      return owner
    })
    await this.sessions.endAll(user.id)
    this.delivery.sendInBackground(
      new PasswordChangedNotification(user.email, user.locale ?? requestLanguage)
    )
  }

  /**
   * Checks the current password, with wrong ones throttled like logins (per
   * account and IP, one count for every route that asks for it): wrong is
   * the contract's 400, too many a 429.
   */
  async confirmCurrent(user: Account, currentPassword: string, ip: string) {
    const [throttled] = await this.limits
      .use('login')
      .penalize(currentPasswordThrottleKey(user.id, ip), () =>
        this.verifyCurrent(user, currentPassword)
      )
    if (throttled) throw throttled
  }

  /**
   * After a successful login: a hash made with older settings (config/hash.ts)
   * is made again with the current ones, from the password just verified.
   */
  async upgradeHash(user: User, password: string) {
    if (!hash.needsReHash(user.password)) return
    user.password = password
    await user.save()
  }

  /** Checks the current password; a wrong one is the contract's 400 (the caller throttles it). */
  async verifyCurrent(account: Account, currentPassword: string) {
    if (!(await this.matches(account, currentPassword))) {
      throw new WrongCurrentPasswordException()
    }
  }

  /** Whether `password` is the account's (its hash is read here: `Account` holds none). */
  async matches(account: Account, password: string) {
    const { password: stored } = await User.query()
      .select('password')
      .where('id', account.id)
      .firstOrFail()
    return hash.verify(stored, password)
  }

  /**
   * Sets a new password and ends every other session of the account; the
   * caller moves its own session to a new id.
   */
  async change(account: Account, password: string, currentSessionId: string) {
    const user = await User.findOrFail(account.id)
    user.password = password
    await user.save()
    await this.sessions.endAll(user.id, currentSessionId)
  }
}
