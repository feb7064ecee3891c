import { trace } from '@opentelemetry/api'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Names the request's span by its route pattern (`GET /organizations/:organizationId`)
 * and marks it with the user's id (never the email). Without tracing there
 * is no active span and this does nothing: the API alone, no SDK.
 */
export default class TraceRouteMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const span = trace.getActiveSpan()
    if (!span || !ctx.route) return next()
    const method = ctx.request.method()
    span.updateName(`${method} ${ctx.route.pattern}`)
    span.setAttribute('http.route', ctx.route.pattern)
    await next()
    const userId = ctx.auth?.user?.id
    if (userId) span.setAttribute('enduser.id', String(userId))
  }
}
