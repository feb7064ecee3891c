import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import encryption from '@adonisjs/core/services/encryption'
import { invalidToken } from '#exceptions/validation_error_reporter'
import ConflictException from '#exceptions/conflict_exception'
import InternalException from '#exceptions/internal_exception'
import NewsletterWelcomeNotification from '#mails/newsletter_welcome_notification'
import MailDelivery from '#services/platform/mail_delivery'
import {
  type Consent,
  ContactProvider,
  type UnsubscribeVia,
} from '#services/newsletter/contact_provider'
import { unsubscribeToken } from '#services/newsletter/unsubscribe_token'
import { welcomeEmails } from '#services/platform/metrics'
import { message } from '#exceptions/api_exception'

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

/** `ann@example.com` shows as `a***@example.com`: enough to recognise, not to harvest. */
function maskEmail(email: string) {
  const at = email.lastIndexOf('@')
  return `${email.slice(0, 1)}***${email.slice(at)}`
}

/**
 * The keyed one-way hash an erased address leaves behind (HMAC with the
 * app's key): the same address always gives the same hash, and without the
 * key a list of likely addresses cannot be matched against it.
 */
export function erasureHash(email: string) {
  return encryption.blindIndex(email, 'newsletter-erasure')
}

@inject()
export default class NewsletterService {
  constructor(
    private contacts: ContactProvider,
    private delivery: MailDelivery
  ) {}

  /**
   * Creates the contact (committed), then sends the welcome email with no
   * transaction or connection held. When the email fails the contact is
   * removed, so nothing is half-done and a retry can succeed; the contact
   * becomes a subscription, with its consent record, only once the email
   * is sent.
   */
  async subscribe(email: string, consent: Consent) {
    const contactId = await this.contacts
      .create(email, this.delivery.longestSendMs)
      .catch((error) => Promise.reject(providerFailure(error)))
    if (!contactId) throw new ConflictException(message('errors.newsletter.subscriber_exists'))

    try {
      const unsubscribeUrl = unsubscribeToken.url(contactId)
      await this.delivery.send(
        new NewsletterWelcomeNotification(email, unsubscribeUrl, consent.locale)
      )
      welcomeEmails.inc({ outcome: 'sent' })
    } catch (error) {
      welcomeEmails.inc({ outcome: 'failed' })
      await this.contacts.remove(contactId).catch((removal) => {
        // The pending contact is then taken over once abandoned: it blocks nobody for long.
        logger.warn({ err: removal }, 'a failed subscription left a pending contact')
      })
      throw providerFailure(error)
    }
    const record = {
      ip: consent.ip.slice(0, 45),
      userAgent: clip(consent.userAgent, 512),
      origin: clip(consent.origin, 512),
      referer: clip(consent.referer, 1024),
      locale: consent.locale,
    }
    await this.contacts
      .confirm(contactId, record)
      .catch((error) => Promise.reject(providerFailure(error)))
  }

  /** Unsubscribes the token's contact; again, nothing changes (idempotent). */
  async unsubscribe(token: string, via: UnsubscribeVia) {
    const contactId = unsubscribeToken.read(token)
    if (!contactId || !(await this.contacts.unsubscribe(contactId, via))) throw invalidToken()
  }

  /** What the unsubscribe page shows: the masked address and whether it is subscribed. */
  async describe(token: string) {
    const contactId = unsubscribeToken.read(token)
    const contact = contactId ? await this.contacts.find(contactId) : null
    if (!contact) throw invalidToken()
    return { email: maskEmail(contact.email), subscribed: contact.subscribed }
  }

  /** Right to erasure: see ContactProvider.erase. */
  erase(email: string) {
    return this.contacts.erase(email, erasureHash(email))
  }
}
