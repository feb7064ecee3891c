import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import EmailChangeService from '#services/accounts/email_change_service'
import PasswordService from '#services/accounts/password_service'
import UserTransformer from '#transformers/user_transformer'
import { changeEmailValidator, confirmEmailValidator } from '#validators/auth'
import { languageOf, speak } from '#helpers/languages'

@inject()
export default class EmailChangesController {
  constructor(
    private changes: EmailChangeService,
    private passwords: PasswordService
  ) {}

  /** Asks to move the account to a new address, with the current password. */
  async store(ctx: HttpContext) {
    const { request, auth, response } = ctx
    const { email, currentPassword } = await request.validateUsing(changeEmailValidator)
    const user = auth.getUserOrFail()
    await this.passwords.confirmCurrent(user, currentPassword, request.ip())
    await this.changes.request(user, email, languageOf(ctx))
    const title = speak(ctx).t('messages.accounts.email_change_sent')
    return response.accepted({ messages: [{ title }] })
  }

  /** The link's token, posted back by the frontend; the caller's own session, if any, stays. */
  async update(ctx: HttpContext) {
    const { request, session, serialize } = ctx
    const { token } = await request.validateUsing(confirmEmailValidator)
    const user = await this.changes.confirm(token, languageOf(ctx), session.sessionId)
    return serialize(UserTransformer.transform(user))
  }
}
