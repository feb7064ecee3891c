import env from '#start/env'

/**
 * Double opt-in (contract, "The public subscribe form under attack"): off
 * by default, so POST /newsletter/subscribe is the spec's. On, a sign-up
 * is `unconfirmed` until its confirmation link is posted, and the link
 * lives `confirmTtlMs` (NEWSLETTER_CONFIRM_TTL: 7d, 12h, 30m or seconds).
 */
export const doubleOptIn = {
  enabled: env.get('NEWSLETTER_DOUBLE_OPT_IN') ?? false,
  confirmTtlMs: env.get('NEWSLETTER_CONFIRM_TTL') ?? 7 * 86_400_000,
}
