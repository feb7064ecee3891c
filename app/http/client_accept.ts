import type { HttpContext } from '@adonisjs/core/http'

/**
 * Whether the client itself asked for JSON rather than a page (the routes
 * that answer both, GET /newsletter/unsubscribe and /newsletter/confirm):
 * the Accept it came with names a JSON type and not HTML. Browsers, curl and
 * link scanners get the page.
 */
export function clientAsksForJson({ clientAccept }: HttpContext) {
  const accept = (clientAccept ?? '').toLowerCase()
  return /json/.test(accept) && !accept.includes('text/html')
}

/**
 * A step of every request (request_setup_middleware.ts): the framework
 * answers in JSON, and the Accept the client sent is kept on the context.
 */
export function forceJsonResponse(ctx: HttpContext) {
  const headers = ctx.request.request.headers
  ctx.clientAccept = headers.accept
  headers.accept = 'application/json'
}

declare module '@adonisjs/core/http' {
  interface HttpContext {
    /** The Accept header the request came with, before it was forced to JSON. */
    clientAccept?: string
  }
}
