import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import PasswordService from '#services/password_service'
import { forgotPasswordValidator, resetPasswordValidator } from '#validators/auth'

const FORGOT_MESSAGE =
  'If an account exists for this address, we have sent a link to reset its password.'

@inject()
export default class PasswordResetsController {
  constructor(private passwords: PasswordService) {}

  /** The same 202 for any address (contract). */
  async store({ request, response }: HttpContext) {
    const { email } = await request.validateUsing(forgotPasswordValidator)
    await this.passwords.forgot(email)
    return response.accepted({ messages: [{ title: FORGOT_MESSAGE }] })
  }

  /** Sets a new password with an emailed token; every session of the account ends. */
  async update({ request, response }: HttpContext) {
    const { token, password } = await request.validateUsing(resetPasswordValidator)
    await this.passwords.reset(token, password)
    return response.noContent()
  }
}
