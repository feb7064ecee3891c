import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AccountToken, { type AccountTokenPurpose } from '#models/account_token'
import User from '#models/user'
import { EmailedToken } from '#services/accounts/emailed_token'
import { accountTokens } from '#config/accounts'

/** How long a link of each purpose lives (config/accounts.ts). */
const LIFETIMES: Record<AccountTokenPurpose, string> = {
  password_reset: accountTokens.passwordResetTtl,
  email_verification: accountTokens.emailVerificationTtl,
  email_change: accountTokens.emailChangeTtl,
}

/**
 * Password reset, email verification and email change tokens. One live
 * token per user and purpose: issuing one voids the older ones; spending
 * one deletes it. An email change token also keeps the address it moves to.
 */
export default class AccountTokenService {
  /** Issues a token (committed) and returns its public value. */
  async issue(
    userId: string,
    purpose: AccountTokenPurpose,
    { email = null }: { email?: string | null } = {}
  ) {
    const { secret, hash, expiresAt } = EmailedToken.create(LIFETIMES[purpose])
    const row = await db.transaction(async (trx) => {
      await this.revokeAll(userId, purpose, trx)
      return AccountToken.create(
        { userId, purpose, hash, email, expiresAt: DateTime.fromJSDate(expiresAt) },
        { client: trx }
      )
    })
    return new EmailedToken({ id: row.id, hash, expiresAt }, secret).publicValue
  }

  /**
   * Spends a token within `trx` and returns its account, and for an email
   * change the address it moves to: the row is locked and deleted, so two
   * requests with one token cannot both succeed. Any token that is not live
   * is one 400, whatever the reason.
   */
  async spend(value: unknown, purpose: AccountTokenPurpose, trx: TransactionClientContract) {
    const { identifier, secret } = EmailedToken.identify(value)
    const row = await AccountToken.query({ client: trx })
      .where('id', identifier)
      .where('purpose', purpose)
      .forUpdate()
      .first()
    EmailedToken.assertLive(row, secret)
    await row.useTransaction(trx).delete()
    const user = await User.findOrFail(row.userId, { client: trx })
    return { user, email: row.email }
  }

  /** Voids every token of a user for `purpose`. */
  async revokeAll(userId: string, purpose: AccountTokenPurpose, trx: TransactionClientContract) {
    await AccountToken.query({ client: trx })
      .where('user_id', userId)
      .where('purpose', purpose)
      .delete()
  }
}
