import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import PasskeyService from '#services/accounts/two_factor/passkey_service'
import PasskeyTransformer from '#transformers/passkey_transformer'
import {
  deletePasskeyValidator,
  registerPasskeyValidator,
  renamePasskeyValidator,
} from '#validators/passkeys'
import { languageOf } from '#helpers/languages'

/** The signed-in account's passkeys: add (options, then the response), list, rename, remove. */
@inject()
export default class PasskeysController {
  constructor(private passkeys: PasskeyService) {}

  async index({ auth, serialize }: HttpContext) {
    const passkeys = await this.passkeys.list(auth.getUserOrFail().id)
    return serialize(PasskeyTransformer.transform(passkeys))
  }

  /** The options `startRegistration` takes on the frontend, with a challenge good for 5 minutes. */
  async options({ auth }: HttpContext) {
    return { data: await this.passkeys.registrationOptions(auth.getUserOrFail()) }
  }

  async store(ctx: HttpContext) {
    const { request, response, auth, serialize } = ctx
    const { response: credential, name } = await request.validateUsing(registerPasskeyValidator)
    const passkey = await this.passkeys.register(
      auth.getUserOrFail(),
      credential,
      name,
      languageOf(ctx)
    )
    response.status(201)
    return serialize(PasskeyTransformer.transform(passkey))
  }

  async update({ request, auth, serialize }: HttpContext) {
    const { params, name } = await request.validateUsing(renamePasskeyValidator)
    const passkey = await this.passkeys.rename(auth.getUserOrFail().id, params.id, name)
    return serialize(PasskeyTransformer.transform(passkey))
  }

  async destroy(ctx: HttpContext) {
    const { request, response, auth } = ctx
    const { params } = await request.validateUsing(deletePasskeyValidator)
    await this.passkeys.remove(auth.getUserOrFail(), params.id, languageOf(ctx))
    return response.noContent()
  }
}
