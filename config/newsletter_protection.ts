import env, { altchaKey, altchaPreviousKeys } from '#start/env'

/**
 * The subscribe form's protections (contract, "The public subscribe form
 * under attack"). Each is off unless its variable is set: with none set,
 * POST /newsletter/subscribe is what the spec says.
 */

/**
 * The proof of work (ALTCHA, PoW v2, PBKDF2/SHA-256 as the widget's default),
 * when NEWSLETTER_CAPTCHA=altcha. Each attempt costs `cost` PBKDF2
 * iterations and the answer is a counter drawn between half of `maxCounter`
 * and `maxCounter`: ALTCHA's own defaults (5000, 10000), a few seconds of a
 * visitor's CPU. A challenge is good for `expiresInSeconds`.
 */
export const captcha = altchaKey
  ? {
      hmacKey: altchaKey,
      /** Earlier keys: a challenge one of them signed is still verified while it lives. */
      previousHmacKeys: altchaPreviousKeys,
      algorithm: 'PBKDF2/SHA-256',
      cost: env.get('NEWSLETTER_ALTCHA_COST', 5000),
      maxCounter: env.get('NEWSLETTER_ALTCHA_MAX_COUNTER', 10_000),
      expiresInSeconds: 10 * 60,
    }
  : null

/** The body member that only bots fill (NEWSLETTER_HONEYPOT_FIELD); null: no trap. */
export const honeypotField = env.get('NEWSLETTER_HONEYPOT_FIELD') ?? null

/**
 * Subscribe attempts per address (NEWSLETTER_ADDRESS_LIMIT) and per domain
 * (NEWSLETTER_DOMAIN_LIMIT), e.g. `{ requests: 3, duration: '1 day' }`;
 * null: no limit.
 */
export const subscribeLimits = {
  address: env.get('NEWSLETTER_ADDRESS_LIMIT') ?? null,
  domain: env.get('NEWSLETTER_DOMAIN_LIMIT') ?? null,
}
