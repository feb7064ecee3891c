import logger from '@adonisjs/core/services/logger'
import type { HttpContext } from '@adonisjs/core/http'
import { requestIdOf, securityHeaders } from '#helpers/security_headers'

/** The headers around the request id, in the order `securityHeaders` lists them: built once. */
const allHeaders = Object.entries(securityHeaders(''))
const requestIdAt = allHeaders.findIndex(([name]) => name === 'X-Request-Id')
const headersBefore = allHeaders.slice(0, requestIdAt)
const headersAfter = allHeaders.slice(requestIdAt + 1)

/**
 * A step of every request, before anything else can answer or fail
 * (request_setup_middleware.ts), so the headers are on every response: 404,
 * 405, body parser errors, 429, 500.
 */
export function applySecurityHeaders(ctx: HttpContext) {
  const given = ctx.request.request.headers['x-request-id']
  const requestId = requestIdOf(ctx.request.request)
  // The context's logger was bound to the caller's raw value: rebind it.
  if (given !== requestId) ctx.logger = logger.child({ request_id: requestId })
  const { response } = ctx
  for (const [name, value] of headersBefore) response.header(name, value)
  response.header('X-Request-Id', requestId)
  for (const [name, value] of headersAfter) response.header(name, value)
}
