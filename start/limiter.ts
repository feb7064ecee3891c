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
import { LimiterResponse, errors as limiterErrors, type HttpLimiter } from '@adonisjs/limiter'
import { UserRequestQuota, type SpentQuota } from '#session/session_read'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isMonitoringSecret } from '#helpers/monitoring_secret'
import { isDependencyUnavailable } from '#helpers/dependency_errors'
import { countRejection } from '#services/platform/metrics'
import { subscribeLimits } from '#config/newsletter_protection'

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
 * Unsubscribe links: 300 requests per IP per minute. Mailbox providers post
 * one-click unsubscribes from few addresses, so this is generous and apart
 * from the subscribe limit (contract.md).
 */
const unsubscribeLimit = limiter.define('newsletter_unsubscribe', (ctx) =>
  limiter.allowRequests(300).every('1 minute').usingKey(`ip_${ctx.request.ip()}`)
)

/**
 * The confirmation link (double opt-in): 60 requests per IP per minute. A
 * person clicks it once or twice; a token cannot be guessed, so this only
 * keeps the route from being used to load the server.
 */
const confirmLimit = limiter.define('newsletter_confirm', (ctx) =>
  limiter.allowRequests(60).every('1 minute').usingKey(`ip_${ctx.request.ip()}`)
)

/** The global API limits (contract): per signed-in user, else per IP. */
export const apiLimits = {
  user: { requests: 100, duration: '1 minute' },
  ip: { requests: 10, duration: '1 minute' },
} as const

/**
 * Where a signed-in user's API limit is counted when the limiter is in
 * PostgreSQL: `user_request_quotas`, consumed by the statement that reads the
 * session when sessions are there too (app/session/session_read.ts: one round
 * trip for who is asking and their quota). Null: the limiter counts it.
 */
export const userQuota =
  limiter.config.default === 'database' ? new UserRequestQuota(apiLimits.user) : null

/** The limiter's answer for a user's quota spent in `user_request_quotas`. */
function answerFor({ limit, spent, windowEndsAt }: SpentQuota) {
  const response = new LimiterResponse({
    limit,
    remaining: Math.max(limit - spent, 0),
    consumed: spent,
    availableIn: Math.ceil(Math.max(windowEndsAt - Date.now(), 0) / 1000),
  })
  if (spent > limit) throw new limiterErrors.E_TOO_MANY_REQUESTS(response)
  return response
}

/**
 * One request of `userId`'s API limit: taken by the session read when it
 * could, else consumed now, in `userQuota`; the limiter's when that is null.
 */
async function consumeUserLimit(ctx: HttpContext, userId: string) {
  if (!userQuota) return limiter.use(apiLimits.user).consume(`api_user_${userId}`)
  return answerFor(ctx.sessionRead?.spentQuota(userId) ?? (await userQuota.consume(userId)))
}

/**
 * The global API limits. One statement per request: `limiter.define()`
 * reads the counter before consuming it (two round trips); consuming alone
 * refuses the same requests, as these limits have no block duration. None
 * at all when the session read consumed the user's.
 */
export async function consumeApiLimit(ctx: HttpContext) {
  const user = ctx.auth.user
  let consumed: LimiterResponse
  try {
    consumed = user
      ? await consumeUserLimit(ctx, user.id)
      : await limiter.use(apiLimits.ip).consume(`api_ip_${ctx.request.ip()}`)
  } catch (error) {
    throw countRejection('api', error)
  }
  // Before the request goes on, as in `throttle`: an inner 429 keeps its own headers.
  ctx.response.header('X-RateLimit-Limit', consumed.limit)
  ctx.response.header('X-RateLimit-Remaining', consumed.remaining)
}

/** `consumeApiLimit` as a middleware: /health in production (the session area calls it itself). */
export const throttleApi = async (ctx: HttpContext, next: NextFn) => {
  await consumeApiLimit(ctx)
  return next()
}

/**
 * Failed logins per email and IP (brute force), on top of the global limits.
 */
export const loginLimiter = () =>
  limiter.use({ requests: 5, duration: '1 minute', blockDuration: '15 minutes' })

/** POST /auth/password/forgot: 10 per minute per IP (contract). */
export const throttlePasswordForgot = limiter.define('password_forgot', (ctx) =>
  limiter.allowRequests(10).every('1 minute').usingKey(`ip_${ctx.request.ip()}`)
)

/**
 * Reset emails per address: past 3 an hour, POST /auth/password/forgot
 * answers the same 202 and sends nothing (contract).
 */
export const passwordResetEmailLimiter = () => limiter.use({ requests: 3, duration: '1 hour' })

/** POST /auth/email/verification: 6 per hour per account (contract). */
export const throttleVerificationEmail = limiter.define('email_verification', (ctx) =>
  ctx.auth.user
    ? limiter.allowRequests(6).every('1 hour').usingKey(`user_${ctx.auth.user.id}`)
    : limiter.noLimit()
)

/**
 * POST /auth/email/change: 6 per hour per account, as verification emails
 * (each sends two emails, one to an address the caller chose).
 */
export const throttleEmailChange = limiter.define('email_change', (ctx) =>
  ctx.auth.user
    ? limiter.allowRequests(6).every('1 hour').usingKey(`user_${ctx.auth.user.id}`)
    : limiter.noLimit()
)

/** Invitations sent per organization: 20 a day (contract). */
export const invitationLimiter = () => limiter.use({ requests: 20, duration: '1 day' })

type Limit = (ctx: HttpContext, next: NextFn) => Promise<unknown>

/**
 * Runs `limit` and hands `onRefusal` only the errors the limit itself
 * raised, never those of what runs after it admitted the request.
 */
function whenLimitFails(
  limit: Limit,
  onRefusal: (error: unknown, ctx: HttpContext, next: NextFn) => Promise<unknown>
): Limit {
  return async (ctx, next) => {
    let admitted = false
    try {
      return await limit(ctx, () => {
        admitted = true
        return next()
      })
    } catch (error) {
      if (admitted) throw error
      return onRefusal(error, ctx, next)
    }
  }
}

/**
 * Lets the request through when the limiter's own store is down, so the
 * route answers for itself: /health its 503 report, the newsletter its
 * provider's answer (contract, "Faults and outages").
 */
const failOpen = (limit: Limit) =>
  whenLimitFails(limit, async (error, ctx, next) => {
    if (!isDependencyUnavailable(error)) throw error
    ctx.logger.warn({ err: error }, 'rate limit skipped: its store is down')
    return next()
  })

/** Counts the 429s of `limit` under `name`. */
const counted = (name: string, limit: Limit) =>
  whenLimitFails(limit, async (error) => {
    throw countRejection(name, error)
  })

/** The newsletter limit; its store being down never blocks the marketing site. */
export const throttleNewsletterRoute = failOpen(counted('newsletter', throttleNewsletter))

/** The unsubscribe limit; its store being down never keeps anyone subscribed. */
export const throttleUnsubscribeRoute = failOpen(unsubscribeLimit)

/** The confirmation link's limit; its store being down never blocks a confirmation. */
export const throttleNewsletterConfirmRoute = failOpen(counted('newsletter_confirm', confirmLimit))

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

/**
 * GET /newsletter/challenge: 60 per IP per minute. A visitor's widget takes
 * one per attempt (and another when one expires); each costs the server a
 * key derivation, so a page cannot ask for them in bulk.
 */
const challengeLimit = limiter.define('newsletter_challenge', (ctx) =>
  limiter.allowRequests(60).every('1 minute').usingKey(`ip_${ctx.request.ip()}`)
)

/** The challenge limit; its store being down never blocks the marketing site. */
export const throttleChallengeRoute = failOpen(counted('newsletter_challenge', challengeLimit))

/**
 * Subscribe attempts per address and per domain (NEWSLETTER_ADDRESS_LIMIT,
 * NEWSLETTER_DOMAIN_LIMIT; null when unset), keyed by a keyed hash
 * (app/services/newsletter/subscribe_limits.ts).
 */
export const subscribeAddressLimiter = subscribeLimits.address
  ? () => limiter.use({ ...subscribeLimits.address! })
  : null
export const subscribeDomainLimiter = subscribeLimits.domain
  ? () => limiter.use({ ...subscribeLimits.domain! })
  : null
