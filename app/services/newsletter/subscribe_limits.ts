import encryption from '@adonisjs/core/services/encryption'
import logger from '@adonisjs/core/services/logger'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { inject } from '@adonisjs/core'
import RateLimits from '#services/platform/rate_limits'
import { isDependencyUnavailable } from '#helpers/dependency_errors'

export type LimitReason = 'address_limit' | 'domain_limit'

/** Within every limit, or over one: the limiter's 429 (with its headers) and which limit. */
export type LimitVerdict =
  | { outcome: 'accept' }
  | {
      outcome: 'limited'
      reason: LimitReason
      refusal: InstanceType<typeof limiterErrors.E_TOO_MANY_REQUESTS>
    }

/**
 * The mailbox an address reaches: subaddresses (`ann+news@example.com`,
 * RFC 5233) count as `ann@example.com`, so a bomber cannot multiply one
 * victim's budget with tags. The address is already trimmed and lower-cased.
 */
function mailbox(email: string) {
  const at = email.lastIndexOf('@')
  const local = email.slice(0, at)
  const plus = local.indexOf('+')
  return plus > 0 ? `${local.slice(0, plus)}${email.slice(at)}` : email
}

/**
 * The limiter's key: a keyed hash (HMAC with the app's key), so its store
 * holds no address or domain, and a list of likely addresses cannot be
 * matched against it without the key.
 */
function keyOf(purpose: string, value: string) {
  return `${purpose}_${encryption.blindIndex(value, purpose)}`
}

/**
 * Subscribe attempts per address and per domain (NEWSLETTER_ADDRESS_LIMIT,
 * NEWSLETTER_DOMAIN_LIMIT), counted in the limiter's store (PostgreSQL by
 * default: exact across instances). The address is counted first: a
 * refused address spends nothing of its domain's budget.
 */
@inject()
export default class SubscribeLimits {
  constructor(private limits: RateLimits) {}

  async check(email: string): Promise<LimitVerdict> {
    const domain = email.slice(email.lastIndexOf('@') + 1)
    const limits = [
      [
        'address_limit',
        this.limits.limiter('subscribe_address'),
        () => keyOf('newsletter_address', mailbox(email)),
      ],
      [
        'domain_limit',
        this.limits.limiter('subscribe_domain'),
        () => keyOf('newsletter_domain', domain),
      ],
    ] as const
    for (const [reason, limit, key] of limits) {
      if (!limit) continue
      try {
        await limit.consume(key())
      } catch (error) {
        if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
          return { outcome: 'limited', reason, refusal: error }
        }
        // As the route's own limit: its store being down never blocks the form.
        if (!isDependencyUnavailable(error)) throw error
        logger.warn(
          { err: error },
          `newsletter ${reason.replace('_', ' ')} skipped: its store is down`
        )
      }
    }
    return { outcome: 'accept' }
  }
}
