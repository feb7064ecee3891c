import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseSessionMiddleware from '@adonisjs/session/session_middleware'
import type { SessionStoreFactory } from '@adonisjs/session/types'

/**
 * The session package's middleware, minus the cookie it hands to every
 * visitor: a request that came without a session and leaves with an empty
 * one (an anonymous call, a failed login) gets no `Set-Cookie` (contract,
 * "Headers on every response").
 */
@inject()
export default class SessionMiddleware {
  constructor(private sessions: BaseSessionMiddleware<Record<string, SessionStoreFactory>>) {}

  async handle(ctx: HttpContext, next: NextFn) {
    await this.sessions.handle(ctx, next)
    if (!ctx.session.fresh || !ctx.session.isEmpty) return

    const prefix = `${ctx.session.config.cookieName}=`
    const kept = [ctx.response.getHeader('set-cookie') ?? []]
      .flat()
      .map(String)
      .filter((cookie) => !cookie.startsWith(prefix))
    ctx.response.removeHeader('set-cookie')
    if (kept.length > 0) ctx.response.header('set-cookie', kept)
  }
}
