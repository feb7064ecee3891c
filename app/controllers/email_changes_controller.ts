import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import EmailChangeService from '#services/email_change_service'
import PasswordService from '#services/password_service'
import UserTransformer from '#transformers/user_transformer'
import { changeEmailValidator, confirmEmailValidator } from '#validators/auth'

@inject()
export default class EmailChangesController {
  constructor(
    private changes: EmailChangeService,
    private passwords: PasswordService
  ) {}

  /** Asks to move the account to a new address, with the current password. */
  async store({ request, auth, response }: HttpContext) {
    const { email, currentPassword } = await request.validateUsing(changeEmailValidator)
    const user = auth.getUserOrFail()
    await this.passwords.confirmCurrent(user, currentPassword, request.ip())
    await this.changes.request(user, email)
    return response.accepted({
      messages: [
        { title: 'If the new address can be used, we have sent it a link to confirm the change.' },
      ],
    })
  }

  /** The link's token, posted back by the frontend; the caller's own session, if any, stays. */
  async update({ request, session, serialize }: HttpContext) {
    const { token } = await request.validateUsing(confirmEmailValidator)
    const user = await this.changes.confirm(token, session.sessionId)
    return serialize(UserTransformer.transform(user))
  }
}
