import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import EmailVerificationService from '#services/email_verification_service'
import UserTransformer from '#transformers/user_transformer'
import { verifyEmailValidator } from '#validators/auth'

@inject()
export default class EmailVerificationsController {
  constructor(private verifications: EmailVerificationService) {}

  /** Sends a new verification link to the signed-in account. */
  async store({ auth, response }: HttpContext) {
    await this.verifications.send(auth.getUserOrFail())
    return response.accepted({ messages: [{ title: 'We have sent a verification link.' }] })
  }

  async update({ request, serialize }: HttpContext) {
    const { token } = await request.validateUsing(verifyEmailValidator)
    return serialize(UserTransformer.transform(await this.verifications.verify(token)))
  }
}
