import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { guardOrigin } from '#http/origin_guard'
import { assertJsonBody } from '#middleware/json_body_middleware'
import { keepWritePosition } from '#http/read_your_writes'
import { noteActivity } from '#session/account_sessions'
import SessionArea from '#session/session_area'
import RateLimits from '#services/platform/rate_limits'
import OrganizationLanes from '#services/platform/organization_lanes'

/**
 * The authenticated area (/auth, /organizations, /invitations): its steps in
 * this order, as one layer (each layer is a container resolution and a
 * promise per request):
 *
 * 1. cross-origin writes refused, before the session is read (no cookie);
 * 2. the session read (with its user and quota, app/session/session_read.ts);
 * 3. the user signed in silently, `ctx.auth.user` when there is one;
 * 4. a signed-in session's `lastSeenAt` kept roughly current;
 * 5. the global API limits (per user when signed in, per IP otherwise);
 * 6. a body must be a JSON object;
 * 7. `signedIn`: a request without a signed-in user is a 401 (the `auth`
 *    middleware, for a whole group);
 * 8. `organizationLane`: the routes of one organization
 *    (`/organizations/:organizationId/...`) run in its lane, at most its
 *    share of the database pool at once, the rest waiting briefly in line
 *    (contract, "Data that grows"; app/services/platform/organization_lanes.ts);
 *
 * then the route, then (with a read replica) the primary's WAL position kept
 * on the account after a successful change, then the session saved. An
 * error on the way saves nothing.
 */
@inject()
export default class SessionAreaMiddleware {
  constructor(
    private sessions: SessionArea,
    private limits: RateLimits,
    private lanes: OrganizationLanes
  ) {}

  async handle(
    ctx: HttpContext,
    next: NextFn,
    options: { signedIn?: boolean; organizationLane?: boolean } = {}
  ) {
    guardOrigin(ctx)
    await this.sessions.open(ctx)
    await ctx.auth.check()
    if (ctx.auth.user) noteActivity(ctx)
    await this.limits.consumeApi(ctx, ctx.sessionRead)
    assertJsonBody(ctx)
    if (options.signedIn) await ctx.auth.authenticateUsing()
    if (options.organizationLane) await this.#inLane(ctx, next)
    else await next()
    await keepWritePosition(ctx, this.sessions.writePositions)
    await this.sessions.commit(ctx)
  }

  /** One lane per organization however its id is spelled (UUIDs are case-blind). */
  async #inLane(ctx: HttpContext, next: NextFn) {
    const organizationId = ctx.params.organizationId
    if (typeof organizationId !== 'string') return next()
    const leave = await this.lanes.enter(organizationId.toLowerCase())
    try {
      return await next()
    } finally {
      leave()
    }
  }
}
