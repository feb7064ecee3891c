import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import TotpService from '#services/accounts/two_factor/totp_service'
import PasswordService from '#services/accounts/password_service'
import { confirmTotpValidator, setupTotpValidator } from '#validators/two_factor'
import { languageOf } from '#helpers/languages'

/** The account's authenticator app: set up (with the password), confirm, remove. */
@inject()
export default class TotpController {
  constructor(
    private totp: TotpService,
    private passwords: PasswordService
  ) {}

  /** A new secret and its otpauth:// URI; nothing changes until it is confirmed. */
  async store({ request, auth, response }: HttpContext) {
    const { currentPassword } = await request.validateUsing(setupTotpValidator)
    const user = auth.getUserOrFail()
    await this.passwords.confirmCurrent(user, currentPassword, request.ip())
    return response.created({ data: await this.totp.setup(user) })
  }

  /** Turns it on with a code of the new secret; answers the recovery codes, shown this once. */
  async confirm(ctx: HttpContext) {
    const { code } = await ctx.request.validateUsing(confirmTotpValidator)
    const recoveryCodes = await this.totp.confirm(ctx.auth.getUserOrFail(), code, languageOf(ctx))
    return { data: { recoveryCodes } }
  }

  async destroy(ctx: HttpContext) {
    await this.totp.disable(ctx.auth.getUserOrFail(), languageOf(ctx))
    return ctx.response.noContent()
  }
}
