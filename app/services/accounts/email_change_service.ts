import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Account } from '#types/account'
import User from '#models/user'
import ConflictException from '#exceptions/conflict_exception'
import UnchangedEmailException from '#exceptions/unchanged_email_exception'
import AccountExistsNotice from '#mails/account_exists_notice'
import EmailChangeConfirmation from '#mails/email_change_confirmation'
import EmailChangeRequestedNotice from '#mails/email_change_requested_notice'
import EmailChangedNotification from '#mails/email_changed_notification'
import AccountTokenService from '#services/accounts/account_token_service'
import MailDelivery from '#services/platform/mail_delivery'
import SessionRegistry from '#services/accounts/session_registry'
import { isUniqueViolation } from '#helpers/database_errors'
import { message } from '#exceptions/api_exception'
import type { Language } from '#helpers/languages'

/**
 * Moving an account to a new address, the "reconfirmable" way: a link to
 * the new address, a notice to the current one, and nothing changes until
 * the link is used.
 */
@inject()
export default class EmailChangeService {
  constructor(
    private tokens: AccountTokenService,
    private delivery: MailDelivery,
    private sessions: SessionRegistry
  ) {}

  /**
   * Sends a confirmation link (24 h) to `email` and a notice to the current
   * address. When another account has `email`, that address gets a notice
   * instead of a link; the caller sees the same either way (no
   * enumeration), and in both cases older links die. Emails go out after
   * the answer, with no transaction held, each in its account's language,
   * else the request's.
   */
  async request(user: Account, email: string, requestLanguage: Language) {
    const language = user.locale ?? requestLanguage
    if (email === user.email) throw new UnchangedEmailException()
    const taken = await User.findBy('email', email)
    if (taken) {
      await db.transaction((trx) => this.tokens.revokeAll(user.id, 'email_change', trx))
      this.delivery.sendInBackground(
        new AccountExistsNotice(email, taken.locale ?? requestLanguage)
      )
    } else {
      const token = await this.tokens.issue(user.id, 'email_change', { email })
      this.delivery.sendInBackground(new EmailChangeConfirmation(email, language, token))
    }
    this.delivery.sendInBackground(new EmailChangeRequestedNotice(user.email, language, email))
  }

  /**
   * Spends the token and moves the account to its address, now verified,
   * in one transaction. The unique index on the email decides a race for
   * the address (409, the token stays usable). Links sent to the former
   * address (password reset, verification) die with the change. Then every
   * session of the account but `keepSessionId` ends and the former address
   * gets a notice.
   */
  async confirm(token: string, requestLanguage: Language, keepSessionId?: string) {
    const { user, formerEmail } = await db.transaction(async (trx) => {
      const { user: account, email } = await this.tokens.spend(token, 'email_change', trx)
      const former = account.email
      account.email = email!
      account.emailVerifiedAt = DateTime.now()
      try {
        await account.save()
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictException(message('errors.accounts.email_taken'), {
            cause: error,
          })
        }
        throw error
      }
      await this.tokens.revokeAll(account.id, 'password_reset', trx)
      await this.tokens.revokeAll(account.id, 'email_verification', trx)
      return { user: account, formerEmail: former }
    })
    await this.sessions.endAll(user.id, keepSessionId)
    this.delivery.sendInBackground(
      new EmailChangedNotification(formerEmail, user.locale ?? requestLanguage, user.email)
    )
    return user
  }
}
