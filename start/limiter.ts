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
import type { HttpLimiter } from '@adonisjs/limiter'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

type Builder = (ctx: HttpContext) => HttpLimiter<any> | null | Promise<HttpLimiter<any> | null>

/**
 * `limiter.define` with one difference: the X-RateLimit headers are written
 * before the request goes on, not after it. A limit inside the request that
 * refuses it (login brute force) then keeps its own headers on its 429 (the
 * handler writes them), where `define` would overwrite them with this
 * limit's. Same keys as `define` (`<name>_<key>`), same 429 when exhausted.
 */
function throttle(name: string, build: Builder) {
  return async (ctx: HttpContext, next: NextFn) => {
    const limit = await build(ctx)
    if (!limit) return next()
    const { limit: allowed, remaining } = await limit.throttle(name, ctx)
    ctx.response.header('X-RateLimit-Limit', allowed)
    ctx.response.header('X-RateLimit-Remaining', remaining)
    return next()
  }
}

/**
 * Whether the newsletter limit applies: the spec disables it in tests. The
 * test of the limit swaps it on through the container, nothing is mutated.
 */
export class NewsletterLimitSwitch {
  constructor(readonly enabled = !app.inTest) {}
}

/** 30 requests per IP per minute. */
export const throttleNewsletter = throttle('newsletter', async (ctx) => {
  const { enabled } = await ctx.containerResolver.make(NewsletterLimitSwitch)
  if (!enabled) return limiter.noLimit()
  return limiter.allowRequests(30).every('1 minute').usingKey(`ip_${ctx.request.ip()}`)
})

/**
 * The global API limits: 100 per minute per signed-in user, 10 per minute
 * per IP otherwise.
 */
export const throttleApi = throttle('api', (ctx) => {
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
