import { type Secret, VerificationToken } from '@adonisjs/core/helpers'
import string from '@adonisjs/core/helpers/string'
import { accountTokens } from '#config/accounts'

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

  /** The row id a public value names, or null when it is not one of ours. */
  static identify(value: unknown) {
    if (typeof value !== 'string' || value.length > 200) return null
    const decoded = this.decode(value)
    if (!decoded || !/^[0-9a-f-]{36}$/.test(decoded.identifier)) return null
    return decoded
  }

  /** Whether `secret` is this token's and it has not expired. */
  accepts(secret: Secret<string>) {
    return this.verify(secret) && !this.isExpired()
  }

  /** The value to put in a link. */
  get publicValue() {
    return this.value!.release()
  }
}
