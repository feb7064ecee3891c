import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import TotpService from '#services/accounts/two_factor/totp_service'

/** POST /auth/two-factor/recovery-codes: a new set, shown once; the old codes die. */
@inject()
export default class RecoveryCodesController {
  constructor(private totp: TotpService) {}

  async store({ auth }: HttpContext) {
    return {
      data: { recoveryCodes: await this.totp.regenerateRecoveryCodes(auth.getUserOrFail()) },
    }
  }
}
