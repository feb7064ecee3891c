import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import AccountService from '#services/accounts/account_service'
import UserTransformer from '#transformers/user_transformer'
import { signupValidator } from '#validators/auth'
import { signIn } from '#session/account_sessions'
import { languageOf } from '#helpers/languages'

@inject()
export default class NewAccountController {
  constructor(private accounts: AccountService) {}

  /** Signs up, sends the first verification link and logs the new user in. */
  async store(ctx: HttpContext) {
    const { request, response, serialize } = ctx
    const payload = await request.validateUsing(signupValidator)
    const user = await this.accounts.create(payload, languageOf(ctx))
    await signIn(ctx, user)
    response.status(201)
    return serialize(UserTransformer.transform(user))
  }
}
