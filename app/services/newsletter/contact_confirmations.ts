import { inject } from '@adonisjs/core'
import { v7 as uuidv7 } from 'uuid'
import db from '@adonisjs/lucid/services/db'
import type { ConfirmationRequest } from '#types/newsletter'
import ContactLookup from '#services/newsletter/contact_lookup'

/** Resends of one address's confirmation email: one per 10 minutes, 3 a day (contract). */
export const CONFIRMATION_EMAILS = { gapMinutes: 10, perDay: 3 } as const

/** What a claimed confirmation email changed, to give back when it could not be sent. */
export type ConfirmationClaim = {
  contactId: string
  sentAt: Date
  /** The row did not exist before: it goes. */
  inserted: boolean
  before: {
    status: string
    sentAt: Date | null
    sent: number
    windowStartedAt: Date | null
  } | null
}

/** A confirmation under way: its welcome email goes to `email`, in `locale`. */
export type ClaimedConfirmation = { email: string; locale: string; claimedAt: Date }

/** Who confirmed: the consent record's `confirm_ip` and `confirm_user_agent`. */
export type Confirmer = { ip: string; userAgent: string | null }

/** The rows as the resend rule reads them (a SQL fragment, with `old` the row before). */
const MAY_SEND_AGAIN = `
  (old.confirmation_sent_at IS NULL
    OR old.confirmation_sent_at <= :now::timestamptz - make_interval(mins => :gapMinutes))
  AND (old.confirmation_window_started_at IS NULL
    OR old.confirmation_window_started_at <= :now::timestamptz - interval '1 day'
    OR old.confirmations_sent < :perDay)`

/**
 * The double opt-in's steps on newsletter_contacts. Each is one statement,
 * committed on its own: no transaction is held while SMTP talks, and every
 * rule that two requests could race on (the resend budget, a confirmation
 * sending one welcome) is a conditional write that only one of them wins.
 *
 * Times come from the caller (the app's Clock), so tests move time instead
 * of waiting; the `pending` rows of single opt-in keep PostgreSQL's clock,
 * as DatabaseContactProvider writes them.
 *
 * These work on the database contacts only: a hosted audience bound as the
 * ContactProvider would bring its own double opt-in.
 */
@inject()
export default class ContactConfirmations {
  constructor(private contacts: ContactLookup) {}

  /**
   * Claims a confirmation email for `email`: a new contact `unconfirmed`, or
   * an unconfirmed or unsubscribed one whose resend budget allows it (an
   * abandoned `pending` one is taken over, new id). Null when nothing is to
   * be sent: subscribed, being subscribed, or over the budget. The
   * submission is kept as `confirmation_request`; the consent record is
   * written only on confirmation.
   */
  async request(
    email: string,
    request: ConfirmationRequest,
    now: Date,
    abandonedAfterMs: number
  ): Promise<ConfirmationClaim | null> {
    const { rows: inserted } = await db.rawQuery<{ rows: { id: string }[] }>(
      `INSERT INTO newsletter_contacts (id, email, status, created_at, confirmation_request,
         confirmation_sent_at, confirmations_sent, confirmation_window_started_at)
       VALUES (?, ?, 'unconfirmed', now(), ?::jsonb, ?, 1, ?)
       ON CONFLICT (email) DO NOTHING
       RETURNING id`,
      [uuidv7(), email, JSON.stringify(request), now, now]
    )
    if (inserted.length > 0) {
      return { contactId: inserted[0].id, sentAt: now, inserted: true, before: null }
    }

    // The row as it was, locked, beside the change: what to give back if the email fails.
    const { rows } = await db.rawQuery<{
      rows: {
        id: string
        status: string
        sent_at: Date | null
        sent: number
        window_started_at: Date | null
      }[]
    }>(
      `UPDATE newsletter_contacts AS c SET
         id = CASE WHEN old.status = 'pending' THEN :newId ELSE c.id END,
         status = 'unconfirmed',
         confirmation_request = :request::jsonb,
         confirmation_sent_at = :now,
         confirmations_sent = CASE
           WHEN old.confirmation_window_started_at > :now::timestamptz - interval '1 day'
           THEN old.confirmations_sent + 1 ELSE 1 END,
         confirmation_window_started_at = CASE
           WHEN old.confirmation_window_started_at > :now::timestamptz - interval '1 day'
           THEN old.confirmation_window_started_at ELSE :now END,
         confirming_at = NULL
       FROM (
         SELECT id, status, created_at, confirming_at, confirmation_sent_at, confirmations_sent,
           confirmation_window_started_at
         FROM newsletter_contacts WHERE email = :email FOR UPDATE
       ) AS old
       WHERE c.id = old.id
         AND (
           (old.status IN ('unconfirmed', 'unsubscribed') AND ${MAY_SEND_AGAIN}
             AND (old.confirming_at IS NULL
               OR old.confirming_at < :now::timestamptz - make_interval(secs => :abandonedAfter)))
           OR (old.status = 'pending'
             AND old.created_at < now() - make_interval(secs => :abandonedAfter))
         )
       RETURNING c.id, old.status, old.confirmation_sent_at AS sent_at,
         old.confirmations_sent AS sent, old.confirmation_window_started_at AS window_started_at`,
      {
        newId: uuidv7(),
        email,
        request: JSON.stringify(request),
        now,
        abandonedAfter: abandonedAfterMs / 1000,
        ...CONFIRMATION_EMAILS,
      }
    )
    const row = rows[0]
    if (!row) return null
    return {
      contactId: row.id,
      sentAt: now,
      inserted: false,
      before: {
        status: row.status,
        sentAt: row.sent_at,
        sent: row.sent,
        windowStartedAt: row.window_started_at,
      },
    }
  }

  /**
   * Gives back a claim whose email could not be sent, so a retry can send
   * it: a new contact goes, an unsubscribed one is unsubscribed again, and
   * the budget is as it was. Nothing changes if the row moved on since.
   */
  async release(claim: ConfirmationClaim) {
    const { contactId, sentAt, before } = claim
    if (!before) {
      await db
        .from('newsletter_contacts')
        .where({ id: contactId, status: 'unconfirmed', confirmation_sent_at: sentAt })
        .delete()
      return
    }
    const unsubscribed = before.status === 'unsubscribed'
    await db
      .from('newsletter_contacts')
      .where({ id: contactId, status: 'unconfirmed', confirmation_sent_at: sentAt })
      .update({
        ...(unsubscribed ? { status: 'unsubscribed', confirmation_request: null } : {}),
        confirmation_sent_at: before.sentAt,
        confirmations_sent: before.sent,
        confirmation_window_started_at: before.windowStartedAt,
      })
  }

  /**
   * Claims the confirmation of an unconfirmed contact (`confirming_at`), so
   * that of two clicks at once one sends the welcome email; a claim older
   * than any live attempt can be was abandoned and is taken over. Null when
   * the contact is not unconfirmed or is being confirmed right now.
   */
  async claim(
    contactId: string,
    now: Date,
    abandonedAfterMs: number
  ): Promise<ClaimedConfirmation | null> {
    const { rows } = await db.rawQuery<{ rows: { email: string; locale: string }[] }>(
      `UPDATE newsletter_contacts SET confirming_at = :now
       WHERE id = :contactId AND status = 'unconfirmed'
         AND (confirming_at IS NULL
           OR confirming_at < :now::timestamptz - make_interval(secs => :abandonedAfter))
       RETURNING email, confirmation_request->>'locale' AS locale`,
      { contactId, now, abandonedAfter: abandonedAfterMs / 1000 }
    )
    return rows[0] ? { ...rows[0], claimedAt: now } : null
  }

  /**
   * The claimed contact is subscribed: the submission becomes its consent
   * record, with how (`double_opt_in`), when and from where it was
   * confirmed; an earlier unsubscribe is over.
   */
  async complete(contactId: string, claimedAt: Date, confirmer: Confirmer) {
    await db.rawQuery(
      `UPDATE newsletter_contacts SET
         status = 'subscribed',
         consent_method = 'double_opt_in',
         consented_at = (confirmation_request->>'at')::timestamptz,
         consent_ip = confirmation_request->>'ip',
         consent_user_agent = confirmation_request->>'userAgent',
         consent_origin = confirmation_request->>'origin',
         consent_referer = confirmation_request->>'referer',
         consent_locale = confirmation_request->>'locale',
         confirmed_at = :claimedAt,
         confirm_ip = :ip,
         confirm_user_agent = :userAgent,
         unsubscribed_at = NULL,
         unsubscribed_via = NULL,
         confirmation_request = NULL,
         confirming_at = NULL
       WHERE id = :contactId AND status = 'unconfirmed' AND confirming_at = :claimedAt`,
      { contactId, claimedAt, ...confirmer }
    )
  }

  /** Lets go of a claim whose welcome email failed: the contact stays unconfirmed. */
  async abandon(contactId: string, claimedAt: Date) {
    await db
      .from('newsletter_contacts')
      .where({ id: contactId, status: 'unconfirmed', confirming_at: claimedAt })
      .update({ confirming_at: null })
  }

  find(contactId: string) {
    return this.contacts.find(contactId)
  }

  /**
   * Unconfirmed contacts whose last confirmation link expired before
   * `expiredBefore` (and no confirmation under way): removed, or, when
   * they had unsubscribed before, unsubscribed again with the record of
   * their opt-out kept. In batches, so no statement holds many locks.
   */
  async prune(expiredBefore: Date, abandonedBefore: Date) {
    let removed = 0
    let unsubscribedAgain = 0
    while (true) {
      const { rows } = await db.rawQuery<{ rows: { removed: number; back: number }[] }>(
        `WITH expired AS (
           SELECT id, unsubscribed_at FROM newsletter_contacts
           WHERE status = 'unconfirmed'
             AND (confirmation_sent_at IS NULL OR confirmation_sent_at < :expiredBefore)
             AND (confirming_at IS NULL OR confirming_at < :abandonedBefore)
           ORDER BY confirmation_sent_at
           LIMIT 1000
           FOR UPDATE SKIP LOCKED
         ), back AS (
           UPDATE newsletter_contacts AS c
           SET status = 'unsubscribed', confirmation_request = NULL, confirming_at = NULL
           FROM expired WHERE c.id = expired.id AND expired.unsubscribed_at IS NOT NULL
           RETURNING c.id
         ), gone AS (
           DELETE FROM newsletter_contacts AS c
           USING expired WHERE c.id = expired.id AND expired.unsubscribed_at IS NULL
           RETURNING c.id
         )
         SELECT (SELECT count(*) FROM gone)::int AS removed, (SELECT count(*) FROM back)::int AS back`,
        { expiredBefore, abandonedBefore }
      )
      const batch = rows[0]
      removed += batch.removed
      unsubscribedAgain += batch.back
      if (batch.removed + batch.back === 0) return { removed, unsubscribedAgain }
    }
  }
}
