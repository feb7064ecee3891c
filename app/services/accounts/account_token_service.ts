import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AccountToken, { type AccountTokenPurpose } from '#models/account_token'
import InvalidTokenException from '#exceptions/invalid_token_exception'
import { EmailedToken } from '#services/accounts/emailed_token'

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
    ttl: string,
    { email = null }: { email?: string | null } = {}
  ) {
    const { secret, hash, expiresAt } = EmailedToken.create(ttl)
    const row = await db.transaction(async (trx) => {
      await AccountToken.query({ client: trx })
        .where('user_id', userId)
        .where('purpose', purpose)
        .delete()
      return AccountToken.create(
        { userId, purpose, hash, email, expiresAt: DateTime.fromJSDate(expiresAt) },
        { client: trx }
      )
    })
    return new EmailedToken({ id: row.id, hash, expiresAt }, secret).publicValue
  }

  /**
   * Spends a token within `trx` and returns its user's id: the row is locked
   * and deleted, so two requests with one token cannot both succeed. Any
   * token that is not live is one 400, whatever the reason.
   */
  async spend(value: unknown, purpose: AccountTokenPurpose, trx: TransactionClientContract) {
    const row = await this.spendRow(value, purpose, trx)
    return row.userId
  }

  /** As `spend`, returning the spent row (its user and, for an email change, its address). */
  async spendRow(value: unknown, purpose: AccountTokenPurpose, trx: TransactionClientContract) {
    const decoded = EmailedToken.identify(value)
    if (!decoded) throw new InvalidTokenException()
    const row = await AccountToken.query({ client: trx })
      .where('id', decoded.identifier)
      .where('purpose', purpose)
      .forUpdate()
      .first()
    if (!row) throw new InvalidTokenException()
    const token = new EmailedToken({
      id: row.id,
      hash: row.hash,
      expiresAt: row.expiresAt.toJSDate(),
    })
    if (!token.accepts(decoded.secret)) throw new InvalidTokenException()
    await row.useTransaction(trx).delete()
    return row
  }

  /** Voids every token of a user for `purpose`. */
  async revokeAll(userId: string, purpose: AccountTokenPurpose, trx: TransactionClientContract) {
    await AccountToken.query({ client: trx })
      .where('user_id', userId)
      .where('purpose', purpose)
      .delete()
  }
}
