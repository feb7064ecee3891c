import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import NewsletterContact from '#models/newsletter_contact'
import { ContactProvider } from '#services/newsletter/contact_provider'

/** Contacts as rows of newsletter_contacts, whose unique email index decides the 409. */
export class DatabaseContactProvider extends ContactProvider {
  async createContact(email: string, trx: TransactionClientContract) {
    await NewsletterContact.create({ email }, { client: trx })
  }
}
