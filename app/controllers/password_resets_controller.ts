import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import PasswordService from '#services/accounts/password_service'
import { forgotPasswordValidator, resetPasswordValidator } from '#validators/auth'
import { languageOf, speak } from '#helpers/languages'

@inject()
export default class PasswordResetsController {
  constructor(private passwords: PasswordService) {}

  /** The same 202 for any address (contract). */
  async store(ctx: HttpContext) {
    const { email } = await ctx.request.validateUsing(forgotPasswordValidator)
    await this.passwords.forgot(email, languageOf(ctx))
    const title = speak(ctx).t('messages.accounts.password_reset_sent')
    return ctx.response.accepted({ messages: [{ title }] })
  }

  /** Sets a new password with an emailed token; every session of the account ends. */
  async update(ctx: HttpContext) {
    const { request, response } = ctx
    const { token, password } = await request.validateUsing(resetPasswordValidator)
    await this.passwords.reset(token, password, languageOf(ctx))
    return response.noContent()
  }
}
