import logger from '@adonisjs/core/services/logger'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { requestIdOf, securityHeaders } from '#helpers/security_headers'

/**
 * First of the server stack, so the headers are on the response before
 * anything else can answer or fail: 404, 405, body parser errors, 429, 500.
 */
export default class SecurityHeadersMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const given = ctx.request.request.headers['x-request-id']
    const requestId = requestIdOf(ctx.request.request)
    // The context's logger was bound to the caller's raw value: rebind it.
    if (given !== requestId) ctx.logger = logger.child({ request_id: requestId })
    for (const [name, value] of Object.entries(securityHeaders(requestId))) {
      ctx.response.header(name, value)
    }
    return next()
  }
}
