import { inject } from '@adonisjs/core'
import { honeypotField } from '#config/newsletter_protection'
import CaptchaInvalidException from '#exceptions/captcha_invalid_exception'
import AltchaCaptcha from '#services/newsletter/altcha_captcha'
import SubscribeLimits, { type LimitVerdict } from '#services/newsletter/subscribe_limits'
import { providerFailure } from '#services/newsletter/newsletter_helpers'
import { newsletterDrops, rateLimitRejections } from '#services/platform/metrics'

/**
 * What the subscribe form's protections make of a request whose email is
 * valid: go on, drop it (answer the mode's success, store and send
 * nothing), or a limit is over. A missing or bad proof of work throws
 * (403 in every mode).
 */
export type Verdict = LimitVerdict | { outcome: 'drop'; reason: 'honeypot' }

/** A trap field counts as filled unless it is absent, null, `''` or an empty list or object. */
function isFilled(value: unknown) {
  if (value === undefined || value === null || value === '') return false
  if (typeof value === 'object') return Object.keys(value).length > 0
  return true
}

/**
 * The subscribe form's protections (contract, "The public subscribe form
 * under attack"), each off unless configured, run after the email is
 * validated (a bad email is the spec's 422 whatever else the body holds,
 * and a typo does not spend a solved challenge), cheapest first:
 * 1. the honeypot, which a bot must not learn it met: the normal success;
 * 2. the proof of work (ALTCHA): 403 `input.captcha.invalid`;
 * 3. the per-address and per-domain limits, counted only for requests that
 *    passed the proof, so nobody spends a victim's budget for free.
 */
@inject()
export default class SubscribeScreen {
  constructor(
    private captcha: AltchaCaptcha,
    private limits: SubscribeLimits
  ) {}

  async screen(email: string, body: Record<string, unknown>): Promise<Verdict> {
    // Own members only: a trap named like an inherited one (`constructor`) is not filled by it.
    if (honeypotField && Object.hasOwn(body, honeypotField) && isFilled(body[honeypotField])) {
      newsletterDrops.inc({ reason: 'honeypot' })
      return { outcome: 'drop', reason: 'honeypot' }
    }
    if (AltchaCaptcha.enabled) {
      const accepted = await this.captcha
        .accept(body.altcha)
        .catch((error) => Promise.reject(providerFailure(error)))
      if (!accepted) throw new CaptchaInvalidException()
    }
    return this.limits.check(email)
  }
}

/**
 * A limit's refusal in single opt-in: the limiter's 429 with its headers,
 * counted as a rejection of that limit. (In double opt-in the answer is
 * the mode's success and nothing is sent: contract.)
 */
export function refusalOf(verdict: Extract<Verdict, { outcome: 'limited' }>) {
  rateLimitRejections.inc({ limiter: `newsletter_${verdict.reason}` })
  return verdict.refusal
}
