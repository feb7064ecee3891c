import { Logger } from '@adonisjs/core/logger'
import { HttpContext } from '@adonisjs/core/http'

/**
 * A step of every request (request_setup_middleware.ts): the request's
 * container resolver gives the `HttpContext` class this request's `ctx`,
 * and the `Logger` class its `ctx.logger`.
 */
export function bindRequestValues(ctx: HttpContext) {
  ctx.containerResolver.bindValue(HttpContext, ctx)
  ctx.containerResolver.bindValue(Logger, ctx.logger)
}
