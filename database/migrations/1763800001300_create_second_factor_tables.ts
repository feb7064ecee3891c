import { SafeSchema } from '#database/safe_schema'

/**
 * Two factors and passkeys (contract, "Two factors, passkeys and re-authentication").
 *
 * - `users.two_factor_enabled`: a confirmed TOTP or at least one passkey. Kept by
 *   app/services/accounts/two_factor/second_factors.ts in the transaction that changes a
 *   factor, so the session read and the organizations' requirement need no extra query.
 * - `users.second_factor_failures` / `second_factor_locked_until`: wrong codes in a row
 *   across challenges, and the account's lockout (10 in a row: 15 minutes).
 * - `user_totp_secrets`: the secret encrypted with the app's key; `last_used_step`, the
 *   time step of the last code accepted, claimed by a conditional UPDATE (a code is used once).
 * - `user_recovery_codes`: a row per code, only its keyed hash; spent by a conditional UPDATE.
 * - `user_passkeys`: WebAuthn credentials (discoverable, user-verified).
 * - `login_challenges`: a password login waiting for its second factor (10 minutes, 5 tries),
 *   held here and not in the session, which is written only at the end of a request.
 * - `webauthn_challenges`: single-use, expiring WebAuthn challenges.
 * - `organizations.require_two_factor`: members without a second factor are refused.
 */
export default class extends SafeSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.boolean('two_factor_enabled').notNullable().defaultTo(false)
      table.integer('second_factor_failures').notNullable().defaultTo(0)
      table.timestamp('second_factor_locked_until', { useTz: true }).nullable()
    })

    this.schema.alterTable('organizations', (table) => {
      table.boolean('require_two_factor').notNullable().defaultTo(false)
    })

    this.schema.createTable('user_totp_secrets', (table) => {
      table.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE')
      table.text('encrypted_secret').notNullable()
      table.timestamp('confirmed_at', { useTz: true }).nullable()
      table.bigint('last_used_step').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })

    this.schema.createTable('user_recovery_codes', (table) => {
      table.uuid('id').primary()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('code_hash', 64).notNullable()
      table.timestamp('used_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['user_id', 'code_hash'])
    })

    this.schema.createTable('user_passkeys', (table) => {
      table.uuid('id').primary()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('credential_id', 1024).notNullable().unique()
      table.binary('public_key').notNullable()
      table.bigint('sign_count').notNullable().defaultTo(0)
      table.jsonb('transports').notNullable().defaultTo('[]')
      table.string('device_type', 32).notNullable()
      table.boolean('backed_up').notNullable()
      table.string('name', 64).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('last_used_at', { useTz: true }).nullable()
      table.index(['user_id'])
    })

    this.schema.createTable('login_challenges', (table) => {
      table.uuid('id').primary()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('failed_attempts').notNullable().defaultTo(0)
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('completed_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['user_id'])
    })

    this.schema.createTable('webauthn_challenges', (table) => {
      table.uuid('id').primary()
      // Null for a sign-in with a passkey alone: the account is not known yet.
      table.uuid('user_id').nullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('purpose', 32).notNullable()
      table.string('challenge', 128).notNullable().unique()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable('webauthn_challenges')
    this.schema.dropTable('login_challenges')
    this.schema.dropTable('user_passkeys')
    this.schema.dropTable('user_recovery_codes')
    this.schema.dropTable('user_totp_secrets')
    this.schema.alterTable('organizations', (table) => {
      table.dropColumn('require_two_factor')
    })
    this.schema.alterTable('users', (table) => {
      table.dropColumn('second_factor_locked_until')
      table.dropColumn('second_factor_failures')
      table.dropColumn('two_factor_enabled')
    })
  }
}
