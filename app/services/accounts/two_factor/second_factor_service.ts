import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { Account } from '#types/account'
import RecoveryCodeUsedNotification from '#mails/recovery_code_used_notification'
import MailDelivery from '#services/platform/mail_delivery'
import TotpService from '#services/accounts/two_factor/totp_service'
import RecoveryCodes from '#services/accounts/two_factor/recovery_codes'
import type { Language } from '#helpers/languages'

/** A code the account types: from its authenticator app, or one of its recovery codes. */
export type CodeProof = { code?: string; recoveryCode?: string }

/** Checking a typed code, for a pending login or a re-authentication. */
@inject()
export default class SecondFactorService {
  constructor(
    private totp: TotpService,
    private delivery: MailDelivery,
    private recoveryCodes: RecoveryCodes
  ) {}

  /**
   * Whether `proof` holds for the account, spending it if so (a TOTP step
   * is claimed, a recovery code used) in `client`'s transaction. `code`
   * wins when both are given.
   */
  check(userId: string, proof: CodeProof, client: QueryClientContract = db.connection()) {
    if (proof.code !== undefined) return this.totp.claim(userId, proof.code, client)
    if (proof.recoveryCode !== undefined) {
      return this.recoveryCodes.spend(userId, proof.recoveryCode, client)
    }
    return Promise.resolve(false)
  }

  /** After a proof held: a spent recovery code is emailed about, with the count left. */
  async noteUsed(user: Account, proof: CodeProof, requestLanguage: Language) {
    if (proof.code !== undefined || proof.recoveryCode === undefined) return
    const remaining = await this.recoveryCodes.remaining(user.id, db.connection())
    this.delivery.sendInBackground(
      new RecoveryCodeUsedNotification(user.email, user.locale ?? requestLanguage, remaining)
    )
  }
}
