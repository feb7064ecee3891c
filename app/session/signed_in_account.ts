import { DateTime } from 'luxon'
import type { Account } from '#types/account'
import type { UserRow } from '#session/session_read'

/**
 * `ctx.auth.user` of a request signed in by its session: the `users` row the
 * session read brought, as an `Account`. Not a `User` model: hydrating one
 * (its columns consumed, timestamps turned into DateTime, originals kept)
 * cost every authenticated request about a twentieth of its CPU, for the id and
 * a flag or two that most routes read. Timestamps become DateTime when read.
 */
export class SignedInAccount implements Account {
  readonly id: string
  readonly email: string
  readonly fullName: string | null
  readonly locale: string | null
  readonly twoFactorEnabled: boolean
  readonly secondFactorFailures: number
  readonly readAfterLsn: string | null
  readonly #row: UserRow

  constructor(row: UserRow) {
    this.#row = row
    this.id = row.id
    this.email = row.email as string
    this.fullName = row.full_name as string | null
    this.locale = row.locale as string | null
    this.twoFactorEnabled = row.two_factor_enabled as boolean
    this.secondFactorFailures = row.second_factor_failures as number
    this.readAfterLsn = row.read_after_lsn as string | null
  }

  get emailVerifiedAt() {
    return dateTimeOf(this.#row.email_verified_at)
  }

  get secondFactorLockedUntil() {
    return dateTimeOf(this.#row.second_factor_locked_until)
  }

  get createdAt() {
    return dateTimeOf(this.#row.created_at)!
  }

  get updatedAt() {
    return dateTimeOf(this.#row.updated_at)!
  }
}

/** A timestamp column as the driver returns it (a Date), as the model would give it. */
function dateTimeOf(value: unknown) {
  return value instanceof Date ? DateTime.fromJSDate(value) : null
}
