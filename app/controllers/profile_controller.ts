import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import AccountService from '#services/accounts/account_service'
import UserTransformer from '#transformers/user_transformer'
import { updateProfileValidator } from '#validators/auth'

@inject()
export default class ProfileController {
  constructor(private accounts: AccountService) {}

  async show({ auth, serialize }: HttpContext) {
    return serialize(UserTransformer.transform(auth.getUserOrFail()))
  }

  async update({ auth, request, serialize }: HttpContext) {
    const changes = await request.validateUsing(updateProfileValidator)
    const user = await this.accounts.updateProfile(auth.getUserOrFail(), changes)
    return serialize(UserTransformer.transform(user))
  }
}
