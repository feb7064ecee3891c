/*
|--------------------------------------------------------------------------
| Rate limits of the routes
|--------------------------------------------------------------------------
|
| Which route takes which limit. The numbers are in config/limiter.ts, the
| throttles in the limits service (app/services/platform/rate_limits.ts);
| keys use request.ip(), which honours TRUSTED_PROXIES (config/app.ts).
|
*/

import app from '@adonisjs/core/services/app'
import RateLimits, { NewsletterLimitSwitch } from '#services/platform/rate_limits'

const limits = await app.container.make(RateLimits)

/** 30 per IP per minute, off in tests (spec); its store being down never blocks the marketing site. */
export const throttleNewsletterRoute = limits.route('newsletter', {
  per: 'ip',
  counted: true,
  failOpen: true,
  when: async (ctx) => {
    const { enabled } = await ctx.containerResolver.make(NewsletterLimitSwitch)
    return enabled
  },
})

/** Its store being down never keeps anyone subscribed. */
export const throttleUnsubscribeRoute = limits.route('newsletter_unsubscribe', {
  per: 'ip',
  failOpen: true,
})

/** Its store being down never blocks a confirmation. */
export const throttleNewsletterConfirmRoute = limits.route('newsletter_confirm', {
  per: 'ip',
  counted: true,
  failOpen: true,
})

/** GET /newsletter/challenge; its store being down never blocks the marketing site. */
export const throttleChallengeRoute = limits.route('newsletter_challenge', {
  per: 'ip',
  counted: true,
  failOpen: true,
})

export const throttlePasswordForgot = limits.route('password_forgot', { per: 'ip' })

export const throttleVerificationEmail = limits.route('email_verification', { per: 'user' })

export const throttleEmailChange = limits.route('email_change', { per: 'user' })

/** /health inside the throttled group in production; never the monitor. */
export const throttleHealth = limits.health()
