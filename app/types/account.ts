/** How an account can finish a sign-in or a re-authentication (contract, `meta.methods`). */
export type SecondFactorMethod = 'totp' | 'recovery_code' | 'passkey'
