import { trace, type Span } from '@opentelemetry/api'
import { inject } from '@adonisjs/core'
import { Bouncer } from '@adonisjs/bouncer'
import auth from '@adonisjs/auth/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
// The package's middleware is not used, only its declaration of `ctx.auth`.
import type {} from '@adonisjs/auth/initialize_auth_middleware'
import { policies } from '#generated/policies'
import BodyParserMiddleware from '#middleware/body_parser_middleware'

/**
 * First of the router stack, for every request that matches a route, as
 * one layer: its authenticator (`ctx.auth`, nobody signed in yet), its
 * bouncer for the (silently) authenticated user, and, when tracing, its
 * span named by the route pattern (`GET /organizations/:organizationId`)
 * and marked with the user's id (never the email); then its body parsed.
 */
@inject()
export default class RouteContextMiddleware {
  constructor(private bodyParser: BodyParserMiddleware) {}

  handle(ctx: HttpContext, next: NextFn) {
    ctx.auth = auth.createAuthenticator(ctx)
    ctx.bouncer = new Bouncer(() => ctx.auth.user || null, {}, policies).setContainerResolver(
      ctx.containerResolver
    )
    const parsed = () => this.bodyParser.handle(ctx, next)
    const span = trace.getActiveSpan()
    // Without tracing (the API alone, no SDK) there is no span: nothing to await.
    if (!span || !ctx.route) return parsed()
    return traced(ctx, parsed, span)
  }
}

async function traced(ctx: HttpContext, next: () => Promise<unknown>, span: Span) {
  const method = ctx.request.method()
  span.updateName(`${method} ${ctx.route!.pattern}`)
  span.setAttribute('http.route', ctx.route!.pattern)
  await next()
  const userId = ctx.auth?.user?.id
  if (userId) span.setAttribute('enduser.id', String(userId))
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    bouncer: Bouncer<Exclude<HttpContext['auth']['user'], undefined>, {}, typeof policies>
  }
}
