import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import Reauthentication from '#session/reauthentication'

/**
 * Guards a sensitive route (after `auth`): an account with a second factor
 * must have signed in or re-authenticated recently (app/session/reauthentication.ts).
 */
@inject()
export default class ReauthenticatedMiddleware {
  constructor(private reauthentication: Reauthentication) {}

  async handle(ctx: HttpContext, next: NextFn) {
    await this.reauthentication.assertRecent(ctx)
    return next()
  }
}
