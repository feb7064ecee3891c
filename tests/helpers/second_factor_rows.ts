import { randomBytes, randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import SecondFactors from '#services/accounts/two_factor/second_factors'

/*
 * Second factors written straight into their tables, as the routes that add
 * them would leave them (with `two_factor_enabled` recomputed in the same
 * transaction): for tests of what a factor changes, not of how it is added.
 */

/** A confirmed TOTP for the account (its secret is not usable). */
export function confirmedTotp(userId: string) {
  return db.transaction(async (trx) => {
    const now = new Date()
    await trx.table('user_totp_secrets').insert({
      user_id: userId,
      encrypted_secret: 'not-a-real-secret',
      confirmed_at: now,
      created_at: now,
      updated_at: now,
    })
    const factors = await app.container.make(SecondFactors)
    await factors.refreshEnabled(userId, trx)
  })
}

/** A passkey of the account (its key is not usable): its id. */
export function passkey(userId: string, name = 'Laptop') {
  return db.transaction(async (trx) => {
    const id = randomUUID()
    await trx.table('user_passkeys').insert({
      id,
      user_id: userId,
      credential_id: randomBytes(16).toString('base64url'),
      public_key: randomBytes(32),
      device_type: 'singleDevice',
      backed_up: false,
      name,
      created_at: new Date(),
    })
    const factors = await app.container.make(SecondFactors)
    await factors.refreshEnabled(userId, trx)
    return id
  })
}

/** Makes the organization require two factors of its members, as an owner's PATCH would. */
export function requireTwoFactorOf(organizationId: string) {
  return db.from('organizations').where('id', organizationId).update({ require_two_factor: true })
}
