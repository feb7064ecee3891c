import env from '#start/env'
import { databaseName } from '#config/database'
import { subscribeLimits } from '#config/newsletter_protection'
import { defineConfig, stores } from '@adonisjs/limiter'

/**
 * Counters live in PostgreSQL by default so several instances share them:
 * the limiter's in `rate_limits`, and then each signed-in user's API quota
 * in our own `user_request_quotas`, consumed with the session read
 * (app/services/platform/rate_limits.ts, app/session/session_read.ts).
 */
const limiterConfig = defineConfig({
  default: env.get('LIMITER_STORE', 'database'),
  stores: {
    database: stores.database({
      connectionName: 'postgres',
      dbName: databaseName,
      tableName: 'rate_limits',
      schemaName: 'public',
      clearExpiredByTimeout: true,
    }),
    redis: stores.redis({ connectionName: 'main', rejectIfRedisNotReady: true }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}

/**
 * Every rate limit's numbers, once: the spec's and the contract's. The
 * limits service (app/services/platform/rate_limits.ts) takes them from
 * here; start/limiter.ts names which route takes which.
 */
export const limits = {
  /** POST /newsletter/subscribe: 30 per IP per minute (spec; off in tests). */
  newsletter: { requests: 30, duration: '1 minute' },
  /** Unsubscribe links: mailbox providers post one-click unsubscribes from few addresses. */
  newsletter_unsubscribe: { requests: 300, duration: '1 minute' },
  /** The confirmation link (double opt-in): a person clicks it once or twice. */
  newsletter_confirm: { requests: 60, duration: '1 minute' },
  /** The ALTCHA challenge: each costs a key derivation, so a page cannot ask for them in bulk. */
  newsletter_challenge: { requests: 60, duration: '1 minute' },
  /** The global API limits (spec): per signed-in user, else per IP. */
  api_user: { requests: 100, duration: '1 minute' },
  api_ip: { requests: 10, duration: '1 minute' },
  /** Failed logins (and current-password checks) per email and IP: brute force. */
  login: { requests: 5, duration: '1 minute', blockDuration: '15 minutes' },
  /** POST /auth/password/forgot per IP (contract). */
  password_forgot: { requests: 10, duration: '1 minute' },
  /** Reset emails per address: past 3 an hour the route answers the same 202 and sends nothing. */
  password_reset_emails: { requests: 3, duration: '1 hour' },
  /** Verification and email-change emails per account (contract). */
  email_verification: { requests: 6, duration: '1 hour' },
  email_change: { requests: 6, duration: '1 hour' },
  /** Invitations sent per organization (contract). */
  invitations: { requests: 20, duration: '1 day' },
  /** NEWSLETTER_ADDRESS_LIMIT, NEWSLETTER_DOMAIN_LIMIT: null when unset. */
  subscribe_address: subscribeLimits.address,
  subscribe_domain: subscribeLimits.domain,
}

export type LimitName = keyof typeof limits
