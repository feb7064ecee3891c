import { trace, type Span } from '@opentelemetry/api'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Names the request's span by its route pattern (`GET /organizations/:organizationId`)
 * and marks it with the user's id (never the email). Without tracing there
 * is no active span and this does nothing: the API alone, no SDK.
 */
export default class TraceRouteMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const span = trace.getActiveSpan()
    // Without tracing, one layer less to await.
    if (!span || !ctx.route) return next()
    return this.#traced(ctx, next, span)
  }

  async #traced(ctx: HttpContext, next: NextFn, span: Span) {
    const method = ctx.request.method()
    span.updateName(`${method} ${ctx.route!.pattern}`)
    span.setAttribute('http.route', ctx.route!.pattern)
    await next()
    const userId = ctx.auth?.user?.id
    if (userId) span.setAttribute('enduser.id', String(userId))
  }
}
