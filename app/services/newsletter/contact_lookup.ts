import db from '@adonisjs/lucid/services/db'

/** A newsletter contact's address and status, or null when there is no such contact. */
export async function findContact(contactId: string) {
  const row = await db
    .from('newsletter_contacts')
    .where('id', contactId)
    .select('email', 'status')
    .first()
  return row ? { email: row.email as string, status: row.status as string } : null
}
