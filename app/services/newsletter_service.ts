import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import ConflictException from '#exceptions/conflict_exception'
import InternalException from '#exceptions/internal_exception'
import NewsletterWelcomeNotification from '#mails/newsletter_welcome_notification'
import { ContactProvider } from '#services/newsletter/contact_provider'
import { isUniqueViolation } from '#services/database_errors'

@inject()
export default class NewsletterService {
  constructor(private contacts: ContactProvider) {}

  /**
   * Creates the contact, then sends the welcome email, in one transaction:
   * when the email fails the contact is rolled back, so the same address can
   * subscribe again once the provider recovers. The unique index on the
   * email decides duplicates, also between concurrent requests.
   */
  async subscribe(email: string) {
    try {
      await db.transaction(async (trx) => {
        await this.contacts.createContact(email, trx)
        await mail.send(new NewsletterWelcomeNotification(email))
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictException('Subscriber already exists', { cause: error })
      }
      throw new InternalException(
        error instanceof Error && error.message
          ? error.message
          : 'Failed to subscribe to the newsletter.',
        { cause: error }
      )
    }
  }
}
