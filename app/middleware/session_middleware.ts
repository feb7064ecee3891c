import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseSessionMiddleware from '@adonisjs/session/session_middleware'
import type { SessionStoreFactory } from '@adonisjs/session/types'
import { SessionRead } from '#session/session_read'
import { userQuota } from '#start/limiter'

/**
 * The session package's middleware, with the request's `SessionRead`
 * (app/session/session_read.ts: the user and quota read with the session)
 * and without the cookies it would send for nothing:
 *
 * - a request that came without a session and leaves with an empty one (an
 *   anonymous call, a failed login) gets no `Set-Cookie` (contract, "Headers
 *   on every response");
 * - an unchanged session whose store kept its expiry (`touch()`, at most one
 *   push an hour) is not signed and sent again: the cookie's expiry moves
 *   only with the stored one.
 */
@inject()
export default class SessionMiddleware {
  constructor(private sessions: BaseSessionMiddleware<Record<string, SessionStoreFactory>>) {}

  async handle(ctx: HttpContext, next: NextFn) {
    ctx.sessionRead = new SessionRead(userQuota)
    await this.sessions.handle(ctx, next)
    const sessionCookieIsNews = ctx.session.fresh
      ? !ctx.session.isEmpty
      : ctx.sessionRead.expiryMoved !== false
    if (!sessionCookieIsNews) dropCookie(ctx, ctx.session.config.cookieName)
  }
}

function dropCookie(ctx: HttpContext, name: string) {
  const prefix = `${name}=`
  const kept = [ctx.response.getHeader('set-cookie') ?? []]
    .flat()
    .map(String)
    .filter((cookie) => !cookie.startsWith(prefix))
  ctx.response.removeHeader('set-cookie')
  if (kept.length > 0) ctx.response.header('set-cookie', kept)
}
