import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import ConflictException from '#exceptions/conflict_exception'
import InternalException from '#exceptions/internal_exception'
import NewsletterWelcomeNotification from '#mails/newsletter_welcome_notification'
import MailDelivery from '#services/mail_delivery'
import { ContactProvider } from '#services/newsletter/contact_provider'
import { welcomeEmails } from '#services/metrics'

const FAILED_TO_SUBSCRIBE = 'Failed to subscribe to the newsletter.'

/**
 * The spec's 500 for a provider failure: the provider's message outside
 * production; in production only the constant (the log has the message).
 */
function providerFailure(error: unknown) {
  const message =
    !app.inProduction && error instanceof Error && error.message
      ? error.message
      : FAILED_TO_SUBSCRIBE
  return new InternalException(message, { cause: error })
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
   * becomes a subscription only once the email is sent.
   */
  async subscribe(email: string) {
    const contactId = await this.contacts
      .create(email, this.delivery.longestSendMs)
      .catch((error) => Promise.reject(providerFailure(error)))
    if (!contactId) throw new ConflictException('Subscriber already exists')

    try {
      await this.delivery.send(new NewsletterWelcomeNotification(email))
      welcomeEmails.inc({ outcome: 'sent' })
    } catch (error) {
      welcomeEmails.inc({ outcome: 'failed' })
      await this.contacts.remove(contactId).catch((removal) => {
        // The pending contact is then taken over once abandoned: it blocks nobody for long.
        logger.warn({ err: removal }, 'a failed subscription left a pending contact')
      })
      throw providerFailure(error)
    }
    await this.contacts.confirm(contactId).catch((error) => Promise.reject(providerFailure(error)))
  }
}
