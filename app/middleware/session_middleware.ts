import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import { configProvider } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Session } from '@adonisjs/session'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'
// The package's middleware is not used, only its declaration of `ctx.session`.
import type {} from '@adonisjs/session/session_middleware'
import { SessionRead } from '#session/session_read'
import { userQuota } from '#start/limiter'

/** config/session.ts with its stores built: resolved once, when the first request needs it. */
let config: ResolvedSessionConfig
await app.booted(async () => {
  const resolved = await configProvider.resolve<ResolvedSessionConfig>(
    app,
    app.config.get('session')
  )
  if (!resolved) throw new Error('config/session.ts must export defineConfig(...)')
  config = resolved
})

/**
 * The session of a session route, as the session package's middleware
 * opens it, with the request's `SessionRead` (app/session/session_read.ts:
 * the user and quota read with the session).
 */
export async function openSession(ctx: HttpContext) {
  ctx.sessionRead = new SessionRead(userQuota)
  ctx.session = new Session(config, config.stores[config.store], emitter, ctx)
  await ctx.session.initiate(false)
}

/**
 * Saves the session once the route answered (not after an error, as the
 * session package's middleware), without the cookies it would send for
 * nothing:
 *
 * - a request that came without a session and leaves with an empty one (an
 *   anonymous call, a failed login) gets no `Set-Cookie` (contract, "Headers
 *   on every response");
 * - an unchanged session whose store keeps its expiry (at most one push an
 *   hour) is neither committed nor signed and sent again: committing it would
 *   only sign a cookie to drop and `touch()` a store that writes nothing. The
 *   cookie's expiry moves only with the stored one.
 */
export async function commitSession(ctx: HttpContext) {
  const { session, sessionRead } = ctx
  const unchanged =
    !session.fresh &&
    !session.isEmpty &&
    !session.hasBeenModified &&
    !session.hasRegeneratedSession &&
    session.responseFlashMessages.isEmpty
  if (unchanged && sessionRead?.extensionDue() === false) return

  await session.commit()
  const sessionCookieIsNews = session.fresh ? !session.isEmpty : sessionRead?.expiryMoved !== false
  if (!sessionCookieIsNews) dropCookie(ctx, config.cookieName)
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
