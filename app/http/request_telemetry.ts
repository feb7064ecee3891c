import type { HttpContext } from '@adonisjs/core/http'
import { requestDuration, requestsInFlight } from '#services/platform/metrics'

/** The scrape itself is neither timed nor counted (contract). */
const METRICS_ROUTE = '/metrics'

/**
 * First step of every request (request_setup_middleware.ts): times it from
 * its arrival to the end of its response (or the client hanging up), then
 * records it in the duration histogram and writes the one access log line.
 * Labels are the route's pattern, `unmatched` when none matched: never the
 * raw path. Bodies, headers and cookies are never logged.
 */
export function trackRequest(ctx: HttpContext) {
  const started = performance.now()
  const counted = ctx.request.url() !== METRICS_ROUTE
  if (counted) requestsInFlight.inc()
  ctx.response.response.once('close', () => {
    const seconds = (performance.now() - started) / 1000
    const route = ctx.route?.pattern ?? 'unmatched'
    const method = ctx.request.method()
    const status = ctx.response.response.statusCode
    if (counted) {
      requestsInFlight.dec()
      requestDuration.observe({ method, route, status }, seconds)
    }
    // Built only when written: production logs at warn and above.
    if (!ctx.logger.isLevelEnabled('info')) return
    ctx.logger.info(
      {
        method,
        route,
        status,
        durationMs: Math.round(seconds * 1e4) / 10,
        requestId: ctx.request.id(),
        userId: ctx.auth?.user?.id,
      },
      'request completed'
    )
  })
}
