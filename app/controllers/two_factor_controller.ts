import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import TotpService from '#services/accounts/two_factor/totp_service'

/** GET /auth/two-factor: which second factors the account has. */
@inject()
export default class TwoFactorController {
  constructor(private totp: TotpService) {}

  async show({ auth }: HttpContext) {
    return { data: await this.totp.overview(auth.getUserOrFail().id) }
  }
}
