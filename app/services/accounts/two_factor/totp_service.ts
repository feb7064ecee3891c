import { inject } from '@adonisjs/core'
import encryption from '@adonisjs/core/services/encryption'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { generateSecret, generateURI, verify } from 'otplib'
import type { Account } from '#types/account'
import ConflictException from '#exceptions/conflict_exception'
import { message } from '#exceptions/api_exception'
import { invalidField } from '#exceptions/validation_error_reporter'
import TwoFactorEnabledNotification from '#mails/two_factor_enabled_notification'
import TwoFactorDisabledNotification from '#mails/two_factor_disabled_notification'
import MailDelivery from '#services/platform/mail_delivery'
import RecoveryCodes from '#services/accounts/two_factor/recovery_codes'
import SecondFactors from '#services/accounts/two_factor/second_factors'
import TwoFactorRequirement from '#services/organizations/two_factor_requirement'
import { Clock } from '#helpers/clock'
import { twoFactor } from '#config/accounts'
import type { Language } from '#helpers/languages'

/** RFC 6238 as authenticator apps expect it: 6 digits, 30-second steps, SHA-1. */
const TOTP = { algorithm: 'sha1', digits: 6, period: 30 } as const

/** The encryption purpose: a secret encrypted for anything else does not decrypt here. */
const PURPOSE = 'totp_secret'

const wrongCode = () => invalidField('code', 'invalid', message('errors.two_factor.wrong_code'))

/**
 * An account's authenticator app (TOTP): set up, confirmed, used, removed.
 * A code counts once: the time step it matched is claimed by a conditional
 * UPDATE, so the same code twice (or in two parallel requests) passes once,
 * and no code older than the last one used passes at all.
 */
@inject()
export default class TotpService {
  constructor(
    private clock: Clock,
    private delivery: MailDelivery,
    private recoveryCodes: RecoveryCodes,
    private factors: SecondFactors,
    private twoFactorRequirement: TwoFactorRequirement
  ) {}

  /**
   * A new secret, not active until confirmed; it replaces a setup not yet
   * confirmed. With TOTP already on: 409 (turn it off first), decided by
   * the upsert itself.
   */
  async setup(user: Account) {
    const secret = generateSecret()
    const { rows } = await db.rawQuery(
      `insert into user_totp_secrets (user_id, encrypted_secret, created_at, updated_at)
       values (:userId, :encrypted, now(), now())
       on conflict (user_id) do update
         set encrypted_secret = excluded.encrypted_secret, last_used_step = null,
             created_at = now(), updated_at = now()
         where user_totp_secrets.confirmed_at is null
       returning user_id`,
      { userId: user.id, encrypted: encryption.encrypt(secret, { purpose: PURPOSE }) }
    )
    if (rows.length === 0) {
      throw new ConflictException(message('errors.two_factor.totp_already_enabled'))
    }
    const otpauthUri = generateURI({
      ...TOTP,
      issuer: twoFactor.totpIssuer,
      label: user.email,
      secret,
    })
    return { secret, otpauthUri }
  }

  /**
   * Turns TOTP on with a code of the new secret and answers the first
   * recovery codes, in one transaction with the account's flag; the
   * account is emailed when it had no second factor before.
   */
  async confirm(user: Account, code: string, requestLanguage: Language) {
    const pending = await db
      .from('user_totp_secrets')
      .where('user_id', user.id)
      .whereNull('confirmed_at')
      .select('encrypted_secret')
      .first()
    if (!pending) throw new ConflictException(message('errors.two_factor.no_pending_setup'))
    const step = await this.#matchedStep(pending.encrypted_secret, code)
    if (step === null) throw wrongCode()

    const { codes, turnedOn } = await db.transaction(async (trx) => {
      const wasEnabled = await this.#lockAccount(user.id, trx)
      // The same secret as checked (not replaced by a new setup meanwhile), the step unclaimed.
      const { rows } = await trx.rawQuery(
        `update user_totp_secrets set confirmed_at = now(), last_used_step = :step, updated_at = now()
          where user_id = :userId and confirmed_at is null and encrypted_secret = :encrypted
            and (last_used_step is null or last_used_step < :step)
          returning user_id`,
        { userId: user.id, step, encrypted: pending.encrypted_secret }
      )
      if (rows.length === 0) throw wrongCode()
      const issued = await this.recoveryCodes.issue(user.id, trx)
      const enabled = await this.factors.refreshEnabled(user.id, trx)
      return { codes: issued, turnedOn: enabled && !wasEnabled }
    })
    if (turnedOn) {
      this.delivery.sendInBackground(
        new TwoFactorEnabledNotification(user.email, user.locale ?? requestLanguage)
      )
    }
    return codes
  }

  /**
   * Removes the authenticator (confirmed or not) and the recovery codes;
   * the account is emailed when that leaves it without a second factor.
   */
  async disable(user: Account, requestLanguage: Language) {
    const turnedOff = await db.transaction(async (trx) => {
      const wasEnabled = await this.#lockAccount(user.id, trx)
      await trx.from('user_totp_secrets').where('user_id', user.id).delete()
      await this.recoveryCodes.removeAll(user.id, trx)
      // Not the last factor while an organization of the account requires two (409).
      await this.twoFactorRequirement.assertFactorRemovable(user.id, trx)
      const enabled = await this.factors.refreshEnabled(user.id, trx)
      return wasEnabled && !enabled
    })
    if (turnedOff) {
      this.delivery.sendInBackground(
        new TwoFactorDisabledNotification(user.email, user.locale ?? requestLanguage)
      )
    }
  }

  /** New recovery codes; the old ones die. Only with TOTP on (409 otherwise). */
  async regenerateRecoveryCodes(user: Account) {
    return db.transaction(async (trx) => {
      await this.#lockAccount(user.id, trx)
      const totp = await trx
        .from('user_totp_secrets')
        .where('user_id', user.id)
        .whereNotNull('confirmed_at')
        .first()
      if (!totp) throw new ConflictException(message('errors.two_factor.totp_not_enabled'))
      return this.recoveryCodes.issue(user.id, trx)
    })
  }

  /**
   * Whether `code` is a code of the account's confirmed authenticator not
   * used before, and claims its time step if so (in `client`'s transaction,
   * when it has one).
   */
  async claim(userId: string, code: string, client: QueryClientContract = db.connection()) {
    const active = await client
      .from('user_totp_secrets')
      .where('user_id', userId)
      .whereNotNull('confirmed_at')
      .select('encrypted_secret')
      .first()
    if (!active) return false
    const step = await this.#matchedStep(active.encrypted_secret, code)
    if (step === null) return false
    const { rows } = await client.rawQuery(
      `update user_totp_secrets set last_used_step = :step, updated_at = now()
        where user_id = :userId and confirmed_at is not null
          and (last_used_step is null or last_used_step < :step)
        returning user_id`,
      { userId, step }
    )
    return rows.length === 1
  }

  /** The state GET /auth/two-factor shows, in one statement. */
  async overview(userId: string) {
    const { rows } = await db.rawQuery(
      `select
         exists(select 1 from user_totp_secrets where user_id = :userId and confirmed_at is not null) as totp,
         (select count(*)::int from user_passkeys where user_id = :userId) as passkeys,
         (select count(*)::int from user_recovery_codes where user_id = :userId and used_at is null) as recovery`,
      { userId }
    )
    const { totp, passkeys, recovery } = rows[0]
    return { totp: Boolean(totp), passkeys, recoveryCodesRemaining: recovery }
  }

  /**
   * The time step `code` matches, now or one step either side, or null.
   * A secret that no key of the list decrypts matches nothing.
   */
  async #matchedStep(encryptedSecret: string, code: string) {
    const secret = encryption.decrypt<string>(encryptedSecret, PURPOSE)
    if (!secret || !/^\d{6}$/.test(code)) return null
    const result = await verify({
      ...TOTP,
      secret,
      token: code,
      epoch: Math.floor(this.clock.now() / 1000),
      epochTolerance: TOTP.period,
    })
    return result.valid && 'timeStep' in result ? result.timeStep : null
  }

  /**
   * Locks the account's row for the transaction (the order every factor
   * change takes: account first) and says whether it had a second factor.
   */
  async #lockAccount(userId: string, trx: TransactionClientContract) {
    const row = await trx
      .from('users')
      .where('id', userId)
      .forUpdate()
      .select('two_factor_enabled')
      .first()
    return Boolean(row?.two_factor_enabled)
  }
}
