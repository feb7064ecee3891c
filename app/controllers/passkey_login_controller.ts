import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import PasskeyService from '#services/accounts/two_factor/passkey_service'
import UserTransformer from '#transformers/user_transformer'
import { passkeyLoginValidator } from '#validators/passkeys'
import { signIn } from '#session/account_sessions'

/** Signing in with a passkey alone: no email, and two factors (user verification). */
@inject()
export default class PasskeyLoginController {
  constructor(private passkeys: PasskeyService) {}

  /** The options `startAuthentication` takes: any passkey of the relying party may answer. */
  async options() {
    return { data: await this.passkeys.authenticationOptions() }
  }

  /** Signs the passkey's account in under a new session id. */
  async store(ctx: HttpContext) {
    const { request, serialize } = ctx
    const { response } = await request.validateUsing(passkeyLoginValidator)
    const { user } = await this.passkeys.verifyAuthentication(response)
    await signIn(ctx, user)
    return serialize(UserTransformer.transform(user))
  }
}
