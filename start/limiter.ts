/*
|--------------------------------------------------------------------------
| Rate limits
|--------------------------------------------------------------------------
|
| Keys use request.ip(), which honours TRUSTED_PROXIES (config/app.ts).
|
*/

import app from '@adonisjs/core/services/app'
import limiter from '@adonisjs/limiter/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isMonitoringSecret } from '#services/monitoring_secret'
import { isDependencyUnavailable } from '#services/dependency_errors'

/** The spec disables the newsletter limit in tests; the test of the limit turns it on. */
export const newsletterLimit = { enabledInTests: false }

/** 30 requests per IP per minute. */
export const throttleNewsletter = limiter.define('newsletter', (ctx) => {
  if (app.inTest && !newsletterLimit.enabledInTests) return limiter.noLimit()
  return limiter.allowRequests(30).every('1 minute').usingKey(`ip_${ctx.request.ip()}`)
})

/**
 * Unsubscribe links: 300 requests per IP per minute. Mailbox providers post
 * one-click unsubscribes from few addresses, so this is generous and apart
 * from the subscribe limit (contract.md).
 */
const unsubscribeLimit = limiter.define('newsletter_unsubscribe', (ctx) =>
  limiter.allowRequests(300).every('1 minute').usingKey(`ip_${ctx.request.ip()}`)
)

/**
 * The global API limits: 100 per minute per signed-in user, 10 per minute
 * per IP otherwise.
 */
const apiLimit = limiter.define('api', (ctx) => {
  if (ctx.auth.user) {
    return limiter.allowRequests(100).every('1 minute').usingKey(`user_${ctx.auth.user.id}`)
  }
  return limiter.allowRequests(10).every('1 minute').usingKey(`ip_${ctx.request.ip()}`)
})

/**
 * Failed logins per email and IP (brute force), on top of the global limits.
 */
export const loginLimiter = () =>
  limiter.use({ requests: 5, duration: '1 minute', blockDuration: '15 minutes' })

/**
 * The limiter's middleware writes its own X-RateLimit headers once the
 * request is done. When a limit inside the request refused it (login brute
 * force), its 429 keeps the headers of the limit that refused it.
 */
export const throttleApi = async (ctx: HttpContext, next: NextFn) => {
  let refusal: { limit: string; remaining: string } | undefined
  await apiLimit(ctx, async () => {
    await next()
    if (ctx.response.getStatus() === 429) {
      refusal = {
        limit: String(ctx.response.getHeader('x-ratelimit-limit')),
        remaining: String(ctx.response.getHeader('x-ratelimit-remaining')),
      }
    }
  })
  if (refusal) {
    ctx.response.header('X-RateLimit-Limit', refusal.limit)
    ctx.response.header('X-RateLimit-Remaining', refusal.remaining)
  }
}

/**
 * Runs `limit`, but lets the request through when the limiter's own store
 * is down, so the route answers for itself: /health its 503 report, the
 * newsletter its provider's answer (contract, "Faults and outages").
 */
function failOpen(limit: (ctx: HttpContext, next: NextFn) => Promise<unknown>) {
  return async (ctx: HttpContext, next: NextFn) => {
    let admitted = false
    try {
      await limit(ctx, () => {
        admitted = true
        return next()
      })
    } catch (error) {
      if (admitted || !isDependencyUnavailable(error)) throw error
      ctx.logger.warn({ err: error }, 'rate limit skipped: its store is down')
      await next()
    }
  }
}

/** The newsletter limit; its store being down never blocks the marketing site. */
export const throttleNewsletterRoute = failOpen(throttleNewsletter)

/** The unsubscribe limit; its store being down never keeps anyone subscribed. */
export const throttleUnsubscribeRoute = failOpen(unsubscribeLimit)

/**
 * /health inside the throttled group (production, spec): the monitor that
 * presents the secret is never throttled, and a limiter whose store is down
 * never turns the health answer into a 500 or 429.
 */
const throttleHealthGroup = failOpen(throttleApi)
export const throttleHealth = (ctx: HttpContext, next: NextFn) =>
  isMonitoringSecret(ctx.request.header('x-monitoring-secret'))
    ? next()
    : throttleHealthGroup(ctx, next)
