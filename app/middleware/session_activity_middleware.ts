import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { noteActivity } from '#session/account_sessions'

/** Keeps `lastSeenAt` of a signed-in session (GET /auth/sessions) roughly current. */
export default class SessionActivityMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    if (ctx.auth.user) noteActivity(ctx)
    return next()
  }
}
