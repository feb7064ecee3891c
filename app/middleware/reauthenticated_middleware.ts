import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { assertRecentlyAuthenticated } from '#session/reauthentication'

/**
 * Guards a sensitive route (after `auth`): an account with a second factor
 * must have signed in or re-authenticated recently (app/session/reauthentication.ts).
 */
export default class ReauthenticatedMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await assertRecentlyAuthenticated(ctx)
    return next()
  }
}
