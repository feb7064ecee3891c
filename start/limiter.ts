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

/** The spec disables the newsletter limit in tests; the test of the limit turns it on. */
export const newsletterLimit = { enabledInTests: false }

/** 30 requests per IP per minute. */
export const throttleNewsletter = limiter.define('newsletter', (ctx) => {
  if (app.inTest && !newsletterLimit.enabledInTests) return limiter.noLimit()
  return limiter.allowRequests(30).every('1 minute').usingKey(`ip_${ctx.request.ip()}`)
})

/**
 * The global API limits: 100 per minute per signed-in user, 10 per minute
 * per IP otherwise.
 */
export const throttleApi = limiter.define('api', (ctx) => {
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
