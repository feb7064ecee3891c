import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SecondFactorService from '#services/accounts/two_factor/second_factor_service'
import UserTransformer from '#transformers/user_transformer'
import { secondFactorValidator } from '#validators/two_factor'
import PendingLogins from '#session/pending_login'
import { languageOf } from '#helpers/languages'

/** POST /auth/login/second-factor: finishes this session's password login with a code. */
@inject()
export default class SecondFactorLoginsController {
  constructor(
    private factors: SecondFactorService,
    private pendingLogins: PendingLogins
  ) {}

  async store(ctx: HttpContext) {
    const proof = await ctx.request.validateUsing(secondFactorValidator)
    const challenge = await this.pendingLogins.challenge(ctx)
    const user = await this.pendingLogins.complete(ctx, challenge, (userId, trx) =>
      this.factors.check(userId, proof, trx)
    )
    await this.factors.noteUsed(user, proof, languageOf(ctx))
    return ctx.serialize(UserTransformer.transform(user))
  }
}
