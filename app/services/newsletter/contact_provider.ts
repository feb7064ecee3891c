import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import NewsletterContact from '#models/newsletter_contact'

/**
 * Where newsletter contacts are created. The default keeps them in
 * PostgreSQL; a hosted audience (Resend, Brevo, ...) is another
 * implementation bound in providers/app_provider.ts. A creation inside
 * `trx` is undone when the welcome email fails.
 */
export abstract class ContactProvider {
  abstract createContact(email: string, trx: TransactionClientContract): Promise<void>
}

export class DatabaseContactProvider extends ContactProvider {
  async createContact(email: string, trx: TransactionClientContract) {
    await NewsletterContact.create({ email }, { client: trx })
  }
}
