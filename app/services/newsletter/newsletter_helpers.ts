import app from '@adonisjs/core/services/app'
import InternalException from '#exceptions/internal_exception'
import { message } from '#exceptions/api_exception'
import type { Consent } from '#services/newsletter/contact_provider'

const FAILED_TO_SUBSCRIBE = message('errors.newsletter.subscribe_failed')

/**
 * The spec's 500 for a provider failure: the provider's message outside
 * production; in production only the constant (the log has the message).
 */
export function providerFailure(error: unknown) {
  const text =
    !app.inProduction && error instanceof Error && error.message
      ? error.message
      : FAILED_TO_SUBSCRIBE
  return new InternalException(text, { cause: error })
}

/** Headers are the client's to choose: kept to the column sizes, never refused. */
function clip(value: string | null, length: number) {
  return value === null ? null : value.slice(0, length)
}

/** The consent as it is stored: each value cut to its column's size. */
export function storedConsent(consent: Consent): Consent {
  return {
    ip: consent.ip.slice(0, 45),
    userAgent: clip(consent.userAgent, 512),
    origin: clip(consent.origin, 512),
    referer: clip(consent.referer, 1024),
    locale: consent.locale,
  }
}

/** `ann@example.com` shows as `a***@example.com`: enough to recognise, not to harvest. */
export function maskEmail(email: string) {
  const at = email.lastIndexOf('@')
  return `${email.slice(0, 1)}***${email.slice(at)}`
}
