import { v7 as uuidv7 } from 'uuid'
import db from '@adonisjs/lucid/services/db'
import type ContactLookup from '#services/newsletter/contact_lookup'
import {
  type Consent,
  ContactProvider,
  type UnsubscribeVia,
} from '#services/newsletter/contact_provider'

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
 *
 * Re-subscribe: an `unsubscribed` row becomes `pending` under the same id
 * (its unsubscribe links keep working) and keeps its `unsubscribed_at` until
 * `confirm`, so a failed welcome email puts it back to `unsubscribed` with
 * its consent record untouched. An `unconfirmed` row (left by double
 * opt-in, switched off since) is taken the same way: the sign-up now gives
 * the consent the confirmation link would have.
 */
export class DatabaseContactProvider extends ContactProvider {
  constructor(private contacts: ContactLookup) {
    super()
  }

  async create(email: string, abandonedAfterMs: number) {
    const { rows } = await db.rawQuery<{ rows: { id: string }[] }>(
      `INSERT INTO newsletter_contacts (id, email, status, created_at)
       VALUES (?, ?, 'pending', now())
       ON CONFLICT (email) DO UPDATE
         SET id = CASE WHEN newsletter_contacts.status IN ('unsubscribed', 'unconfirmed')
                       THEN newsletter_contacts.id ELSE EXCLUDED.id END,
             status = 'pending',
             created_at = EXCLUDED.created_at
         WHERE newsletter_contacts.status IN ('unsubscribed', 'unconfirmed')
           OR (newsletter_contacts.status = 'pending'
               AND newsletter_contacts.created_at < now() - make_interval(secs => ?))
       RETURNING id`,
      [uuidv7(), email, abandonedAfterMs / 1000]
    )
    return rows[0]?.id ?? null
  }

  async confirm(contactId: string, consent: Consent) {
    await db
      .from('newsletter_contacts')
      .where({ id: contactId, status: 'pending' })
      .update({
        status: 'subscribed',
        consented_at: db.raw('now()'),
        consent_ip: consent.ip,
        consent_user_agent: consent.userAgent,
        consent_origin: consent.origin,
        consent_referer: consent.referer,
        consent_locale: consent.locale,
        // One step, through the API: nothing was confirmed apart from it.
        consent_method: 'api',
        confirmed_at: null,
        confirm_ip: null,
        confirm_user_agent: null,
        confirmation_request: null,
        confirming_at: null,
        unsubscribed_at: null,
        unsubscribed_via: null,
      })
  }

  async remove(contactId: string) {
    // One statement: a first subscription goes, a re-subscription goes back.
    await db.rawQuery(
      `WITH back AS (
         UPDATE newsletter_contacts SET status = 'unsubscribed'
         WHERE id = ? AND status = 'pending' AND unsubscribed_at IS NOT NULL
         RETURNING id
       )
       DELETE FROM newsletter_contacts
       WHERE id = ? AND status = 'pending' AND unsubscribed_at IS NULL`,
      [contactId, contactId]
    )
  }

  async find(contactId: string) {
    const contact = await this.contacts.find(contactId)
    return contact ? { email: contact.email, subscribed: contact.status === 'subscribed' } : null
  }

  async unsubscribe(contactId: string, via: UnsubscribeVia) {
    // The first unsubscribe is the one recorded; repeating it changes nothing.
    const { rows } = await db.rawQuery<{ rows: { id: string }[] }>(
      `WITH left_now AS (
         UPDATE newsletter_contacts
         SET status = 'unsubscribed', unsubscribed_at = now(), unsubscribed_via = ?
         WHERE id = ? AND status = 'subscribed'
         RETURNING id
       )
       SELECT id FROM left_now UNION ALL SELECT id FROM newsletter_contacts WHERE id = ?`,
      [via, contactId, contactId]
    )
    return rows.length > 0
  }

  async erase(email: string, emailHash: string) {
    return db.transaction(async (trx) => {
      await trx.rawQuery(
        `INSERT INTO newsletter_erasures (email_hash, erased_at) VALUES (?, now())
         ON CONFLICT (email_hash) DO UPDATE SET erased_at = EXCLUDED.erased_at`,
        [emailHash]
      )
      const removed = await trx.from('newsletter_contacts').where('email', email).delete()
      return Number(removed) > 0
    })
  }
}
