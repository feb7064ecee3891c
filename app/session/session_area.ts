import type { HttpContext } from '@adonisjs/core/http'
import type { EmitterService } from '@adonisjs/core/types'
import { Session } from '@adonisjs/session'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'
// The package's middleware is not used, only its declaration of `ctx.session`.
import type {} from '@adonisjs/session/session_middleware'
import { SessionRead } from '#session/session_read'
import type RateLimits from '#services/platform/rate_limits'
import type WritePositions from '#services/platform/replicas/write_positions'

/**
 * Opens and saves the session of a session route, as the session package's
 * middleware does, with the request's `SessionRead` (session_read.ts: the
 * user and quota read with the session). One per process, bound by the
 * bindings provider with config/session.ts resolved.
 */
export default class SessionArea {
  constructor(
    private config: ResolvedSessionConfig,
    private emitter: EmitterService,
    private limits: RateLimits,
    /** The area's step after the route (#http/read_your_writes), held here: no resolution per request. */
    readonly writePositions: WritePositions
  ) {}

  async open(ctx: HttpContext) {
    ctx.sessionRead = new SessionRead(this.limits.userQuota)
    ctx.session = new Session(this.config, this.config.stores[this.config.store], this.emitter, ctx)
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
  async commit(ctx: HttpContext) {
    const { session, sessionRead } = ctx
    const unchanged =
      !session.fresh &&
      !session.isEmpty &&
      !session.hasBeenModified &&
      !session.hasRegeneratedSession &&
      session.responseFlashMessages.isEmpty
    if (unchanged && sessionRead?.extensionDue() === false) return

    await session.commit()
    const sessionCookieIsNews = session.fresh
      ? !session.isEmpty
      : sessionRead?.expiryMoved !== false
    if (!sessionCookieIsNews) dropCookie(ctx, this.config.cookieName)
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
