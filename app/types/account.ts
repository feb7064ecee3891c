import type { DateTime } from 'luxon'

/** How an account can finish a sign-in or a re-authentication (contract, `meta.methods`). */
export type SecondFactorMethod = 'totp' | 'recovery_code' | 'passkey'

/**
 * The signed-in user as a request knows it (`ctx.auth.user`): the `users`
 * row read with the session, without the password's hash. A `User` model
 * is one too; a service that changes the account loads the model.
 */
export interface Account {
  readonly id: string
  readonly email: string
  readonly fullName: string | null
  readonly locale: string | null
  readonly twoFactorEnabled: boolean
  readonly emailVerifiedAt: DateTime | null
  readonly secondFactorFailures: number
  readonly secondFactorLockedUntil: DateTime | null
  readonly readAfterLsn: string | null
  readonly createdAt: DateTime
  readonly updatedAt: DateTime
}
