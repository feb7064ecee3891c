import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import encryption from '@adonisjs/core/services/encryption'
import { invalidToken } from '#exceptions/validation_error_reporter'
import ConflictException from '#exceptions/conflict_exception'
import NewsletterWelcomeNotification from '#mails/newsletter_welcome_notification'
import MailDelivery from '#services/platform/mail_delivery'
import {
  type Consent,
  ContactProvider,
  type UnsubscribeVia,
} from '#services/newsletter/contact_provider'
import UnsubscribeToken from '#services/newsletter/unsubscribe_token'
import { NewsletterMode } from '#services/newsletter/newsletter_mode'
import DoubleOptInService from '#services/newsletter/double_opt_in_service'
import { welcomeEmails } from '#services/platform/metrics'
import { message } from '#exceptions/api_exception'
import { maskEmail, providerFailure, storedConsent } from '#services/newsletter/newsletter_helpers'

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
    private delivery: MailDelivery,
    private mode: NewsletterMode,
    private doubleOptIn: DoubleOptInService,
    private unsubscribeToken: UnsubscribeToken
  ) {}

  /**
   * Single opt-in (the spec): creates the contact (committed), then sends
   * the welcome email with no transaction or connection held. When the
   * email fails the contact is removed, so nothing is half-done and a retry
   * can succeed; the contact becomes a subscription, with its consent
   * record, only once the email is sent.
   *
   * With double opt-in on, a confirmation email instead, whatever the
   * address's state (DoubleOptInService.request): `confirmation_requested`.
   */
  async subscribe(
    email: string,
    consent: Consent
  ): Promise<'subscribed' | 'confirmation_requested'> {
    if (this.mode.doubleOptIn) {
      await this.doubleOptIn.request(email, consent)
      return 'confirmation_requested'
    }
    const contactId = await this.contacts
      .create(email, this.delivery.longestSendMs)
      .catch((error) => Promise.reject(providerFailure(error)))
    if (!contactId) throw new ConflictException(message('errors.newsletter.subscriber_exists'))

    try {
      const unsubscribeUrl = this.unsubscribeToken.url(contactId)
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
    await this.contacts
      .confirm(contactId, storedConsent(consent))
      .catch((error) => Promise.reject(providerFailure(error)))
    return 'subscribed'
  }

  /** Unsubscribes the token's contact; again, nothing changes (idempotent). */
  async unsubscribe(token: string, via: UnsubscribeVia) {
    const contactId = this.unsubscribeToken.read(token)
    if (!contactId || !(await this.contacts.unsubscribe(contactId, via))) throw invalidToken()
  }

  /** What the unsubscribe page shows: the masked address and whether it is subscribed. */
  async describe(token: string) {
    const contactId = this.unsubscribeToken.read(token)
    const contact = contactId ? await this.contacts.find(contactId) : null
    if (!contact) throw invalidToken()
    return { email: maskEmail(contact.email), subscribed: contact.subscribed }
  }

  /** Right to erasure: see ContactProvider.erase. */
  erase(email: string) {
    return this.contacts.erase(email, erasureHash(email))
  }
}
