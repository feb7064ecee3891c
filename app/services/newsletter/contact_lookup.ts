import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'

/** One newsletter contact by id: what the contact provider and the confirmations both read. */
@inject()
export default class ContactLookup {
  /** The contact's address and status, or null when there is no such contact. */
  async find(contactId: string) {
    const row = await db
      .from('newsletter_contacts')
      .where('id', contactId)
      .select('email', 'status')
      .first()
    return row ? { email: row.email as string, status: row.status as string } : null
  }
}
