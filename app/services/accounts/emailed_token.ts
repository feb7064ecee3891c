import { type Secret, VerificationToken } from '@adonisjs/core/helpers'
import string from '@adonisjs/core/helpers/string'
import type { DateTime } from 'luxon'
import InvalidTokenException from '#exceptions/invalid_token_exception'
import { accountTokens } from '#config/accounts'

/** A stored token: an account token's row or an invitation's. */
type StoredToken = { id: string; hash: string; expiresAt: DateTime }

/**
 * The public side of an emailed token (`<id>.<secret>`, base64url), built
 * with AdonisJS's VerificationToken: only the SHA-256 of the secret is
 * stored, compared in constant time.
 */
export class EmailedToken extends VerificationToken {
  constructor(row: { id: string; hash: string; expiresAt: Date }, secret?: Secret<string>) {
    super()
    this.identifier = row.id
    this.tokenableId = row.id
    this.hash = row.hash
    this.expiresAt = row.expiresAt
    if (secret) this.computeValue(secret)
  }

  /** A new secret and its hash, and when it expires. */
  static create(ttl: string) {
    const { secret, hash } = this.seed(accountTokens.secretLength)
    const expiresAt = new Date(Date.now() + string.seconds.parse(ttl) * 1000)
    return { secret, hash, expiresAt }
  }

  /** The row id and secret a public value names; a value that is not one of ours is the 400. */
  static identify(value: unknown) {
    const decoded = typeof value === 'string' && value.length <= 200 ? this.decode(value) : null
    if (!decoded || !/^[0-9a-f-]{36}$/.test(decoded.identifier)) throw new InvalidTokenException()
    return decoded
  }

  /**
   * Throws the 400 unless `row` was found and `secret` is its secret, not
   * expired: any token that is not live is one answer, whatever the reason.
   */
  static assertLive<Row extends StoredToken>(
    row: Row | null,
    secret: Secret<string>
  ): asserts row is Row {
    if (!row) throw new InvalidTokenException()
    const { id, hash, expiresAt } = row
    const token = new EmailedToken({ id, hash, expiresAt: expiresAt.toJSDate() })
    if (!token.verify(secret) || token.isExpired()) throw new InvalidTokenException()
  }

  /** The value to put in a link. */
  get publicValue() {
    return this.value!.release()
  }
}
