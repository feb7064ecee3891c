import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import AccountService from '#services/account_service'
import UserTransformer from '#transformers/user_transformer'
import { signupValidator } from '#validators/auth'

@inject()
export default class NewAccountController {
  constructor(private accounts: AccountService) {}

  /** Signs up and logs the new user in. */
  async store({ request, response, auth, serialize }: HttpContext) {
    const payload = await request.validateUsing(signupValidator)
    const user = await this.accounts.create(payload)
    await auth.use('web').login(user)
    response.status(201)
    return serialize(UserTransformer.transform(user))
  }
}
