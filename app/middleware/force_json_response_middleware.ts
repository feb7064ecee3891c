import type { IncomingMessage } from 'node:http'
import type { HttpContext } from '@adonisjs/core/http'

/** The Accept header each request came with, before it was forced to JSON. */
const clientAccept = new WeakMap<IncomingMessage, string | undefined>()

/**
 * Whether the client itself asked for JSON rather than a page (the one route
 * that answers both, GET /newsletter/unsubscribe): its Accept names a JSON
 * type and not HTML. Browsers, curl and link scanners get the page.
 */
export function clientAsksForJson({ request }: HttpContext) {
  const accept = (clientAccept.get(request.request) ?? '').toLowerCase()
  return /json/.test(accept) && !accept.includes('text/html')
}

/** A step of every request (request_setup_middleware.ts): the framework answers in JSON. */
export function forceJsonResponse(ctx: HttpContext) {
  clientAccept.set(ctx.request.request, ctx.request.request.headers.accept)
  ctx.request.request.headers.accept = 'application/json'
}
