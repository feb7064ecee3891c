import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import app from '@adonisjs/core/services/app'

/** A caller's request id we repeat and log: short, printable, no spaces or quotes. */
const SANE_REQUEST_ID = /^[\w.:+/=-]{1,128}$/

/**
 * The caller's `x-request-id` when it is sane, else a new one, written back
 * on the request so the framework (`request.id()`) and the logs see it.
 */
export function requestIdOf(request: IncomingMessage) {
  const given = request.headers['x-request-id']
  const id = typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID()
  request.headers['x-request-id'] = id
  return id
}

/**
 * The headers of every response (contract, "Headers on every response").
 * A JSON API never renders a page, so nothing may frame, sniff or load
 * anything. `no-store` is on every answer: most carry a session's data, and
 * none is worth caching by a shared cache.
 */
export function securityHeaders(requestId: string): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'X-Request-Id': requestId,
    ...(app.inProduction ? { 'Strict-Transport-Security': 'max-age=15552000' } : {}),
  }
}
