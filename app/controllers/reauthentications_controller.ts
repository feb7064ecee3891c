import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ReauthenticationService from '#services/accounts/two_factor/reauthentication_service'
import { reauthenticateValidator } from '#validators/two_factor'
import Reauthentication from '#session/reauthentication'
import { languageOf } from '#helpers/languages'

/** POST /auth/reauthenticate: opens this session's window for sensitive actions again. */
@inject()
export default class ReauthenticationsController {
  constructor(
    private reauthentication: ReauthenticationService,
    private window: Reauthentication
  ) {}

  async store(ctx: HttpContext) {
    const proof = await ctx.request.validateUsing(reauthenticateValidator)
    await this.reauthentication.verify(
      ctx.auth.getUserOrFail(),
      proof,
      ctx.request.ip(),
      languageOf(ctx)
    )
    this.window.mark(ctx)
    return ctx.response.noContent()
  }
}
