import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import EmailVerificationService from '#services/accounts/email_verification_service'
import UserTransformer from '#transformers/user_transformer'
import { verifyEmailValidator } from '#validators/auth'
import { languageOf, speak } from '#helpers/languages'

@inject()
export default class EmailVerificationsController {
  constructor(private verifications: EmailVerificationService) {}

  /** Sends a new verification link to the signed-in account. */
  async store(ctx: HttpContext) {
    await this.verifications.send(ctx.auth.getUserOrFail(), languageOf(ctx))
    const title = speak(ctx).t('messages.accounts.verification_sent')
    return ctx.response.accepted({ messages: [{ title }] })
  }

  async update({ request, serialize }: HttpContext) {
    const { token } = await request.validateUsing(verifyEmailValidator)
    return serialize(UserTransformer.transform(await this.verifications.verify(token)))
  }
}
