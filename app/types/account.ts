import type User from '#models/user'

/** How an account can finish a sign-in or a re-authentication (contract, `meta.methods`). */
export type SecondFactorMethod = 'totp' | 'recovery_code' | 'passkey'

/**
 * The signed-in user as a request knows it (`ctx.auth.user`): the `users`
 * row read with the session, without the password's hash. A `User` model
 * is one too; a service that changes the account loads the model.
 */
export type Account = Pick<
  User,
  | 'id'
  | 'email'
  | 'fullName'
  | 'locale'
  | 'twoFactorEnabled'
  | 'emailVerifiedAt'
  | 'secondFactorFailures'
  | 'secondFactorLockedUntil'
  | 'readAfterLsn'
  | 'createdAt'
  | 'updatedAt'
>
