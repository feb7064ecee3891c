import { v7 as uuidv7 } from 'uuid'
import db from '@adonisjs/lucid/services/db'
import { ContactProvider } from '#services/newsletter/contact_provider'

/**
 * Contacts as rows of newsletter_contacts. The unique email index decides
 * the 409, also between concurrent requests; each step is one statement,
 * committed on its own, so no connection is held while SMTP talks.
 *
 * Crash safety: a process that dies between `create` and `confirm`/`remove`
 * leaves a `pending` row. Such a row is not a subscription: once it is older
 * than any live attempt can be (the caller's `abandonedAfterMs`), the next
 * subscribe of that address takes it over (new id, new clock) instead of
 * answering 409. The ids make `confirm`/`remove` of an attempt that lost its
 * row to a takeover change nothing.
 */
export class DatabaseContactProvider extends ContactProvider {
  async create(email: string, abandonedAfterMs: number) {
    const { rows } = await db.rawQuery<{ rows: { id: string }[] }>(
      `INSERT INTO newsletter_contacts (id, email, status, created_at)
       VALUES (?, ?, 'pending', now())
       ON CONFLICT (email) DO UPDATE SET id = EXCLUDED.id, created_at = EXCLUDED.created_at
         WHERE newsletter_contacts.status = 'pending'
           AND newsletter_contacts.created_at < now() - make_interval(secs => ?)
       RETURNING id`,
      [uuidv7(), email, abandonedAfterMs / 1000]
    )
    return rows[0]?.id ?? null
  }

  async confirm(contactId: string) {
    await db
      .from('newsletter_contacts')
      .where({ id: contactId, status: 'pending' })
      .update({ status: 'subscribed' })
  }

  async remove(contactId: string) {
    await db.from('newsletter_contacts').where({ id: contactId, status: 'pending' }).delete()
  }
}
