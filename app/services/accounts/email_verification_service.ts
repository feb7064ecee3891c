import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Account } from '#types/account'
import EmailVerificationNotification from '#mails/email_verification_notification'
import AccountTokenService from '#services/accounts/account_token_service'
import MailDelivery from '#services/platform/mail_delivery'
import type { Language } from '#helpers/languages'

@inject()
export default class EmailVerificationService {
  constructor(
    private tokens: AccountTokenService,
    private delivery: MailDelivery
  ) {}

  /**
   * Issues a verification link (24 h; it voids the previous one) and sends
   * it after the answer, so a slow mail provider never holds signup. An
   * address already verified gets nothing. It is written in the account's
   * language, else the request's.
   */
  async send(user: Account, requestLanguage: Language) {
    if (user.emailVerifiedAt) return
    const token = await this.tokens.issue(user.id, 'email_verification')
    this.delivery.sendInBackground(
      new EmailVerificationNotification(user.email, user.locale ?? requestLanguage, token)
    )
  }

  /** Spends the token and marks the address verified. */
  async verify(token: string) {
    return db.transaction(async (trx) => {
      const { user } = await this.tokens.spend(token, 'email_verification', trx)
      user.emailVerifiedAt ??= DateTime.now()
      await user.save()
      return user
    })
  }
}
