import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { SecondFactorMethod } from '#types/account'

/** An account's second factors, as its tables hold them. */
@inject()
export default class SecondFactors {
  /**
   * The second factors an account has: a confirmed TOTP (with its unspent
   * recovery codes) and its passkeys. Empty for an account that signs in
   * with a password alone.
   */
  async methods(
    userId: string,
    client: QueryClientContract = db.connection()
  ): Promise<SecondFactorMethod[]> {
    const { rows } = await client.rawQuery(
      `select
       exists(select 1 from user_totp_secrets where user_id = :userId and confirmed_at is not null) as totp,
       exists(select 1 from user_recovery_codes where user_id = :userId and used_at is null) as recovery,
       exists(select 1 from user_passkeys where user_id = :userId) as passkey`,
      { userId }
    )
    const { totp, recovery, passkey } = rows[0]
    const methods: SecondFactorMethod[] = []
    if (totp) methods.push('totp')
    if (totp && recovery) methods.push('recovery_code')
    if (passkey) methods.push('passkey')
    return methods
  }

  /**
   * Recomputes `users.two_factor_enabled` (a confirmed TOTP or at least one
   * passkey) from the factors themselves. Called in the transaction that adds
   * or removes a factor, so the flag the session read and the organizations'
   * requirement rely on never disagrees with the tables. Returns the new value.
   */
  async refreshEnabled(userId: string, client: QueryClientContract): Promise<boolean> {
    const { rows } = await client.rawQuery(
      `update users set two_factor_enabled =
       exists(select 1 from user_totp_secrets where user_id = :userId and confirmed_at is not null)
       or exists(select 1 from user_passkeys where user_id = :userId)
     where id = :userId
     returning two_factor_enabled`,
      { userId }
    )
    return rows[0]?.two_factor_enabled ?? false
  }
}
