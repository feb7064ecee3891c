import type { Language } from '#helpers/languages'

/**
 * Where newsletter contacts are kept. The default keeps them in PostgreSQL
 * (DatabaseContactProvider); a hosted audience (Resend, Brevo, ...) is
 * another implementation bound in providers/bindings_provider.ts.
 *
 * A subscription is two steps with no transaction across them, since the
 * welcome email in between may take seconds: `create` stores the contact as
 * pending, then `confirm` marks it subscribed once the email is sent, or
 * `remove` takes it back when the email failed.
 */
export abstract class ContactProvider {
  /**
   * Stores a pending contact and returns its id, or null when the address is
   * already subscribed (or being subscribed right now by another request).
   * An unsubscribed contact becomes pending again under the same id.
   * `abandonedAfterMs`: a pending contact older than this was left by an
   * attempt that can no longer be running, and is taken over.
   */
  abstract create(email: string, abandonedAfterMs: number): Promise<string | null>
  /** Makes the pending contact a subscription and records its consent. */
  abstract confirm(contactId: string, consent: Consent): Promise<void>
  /** Takes a pending contact back: removed, or unsubscribed again when it was before. */
  abstract remove(contactId: string): Promise<void>
  abstract find(contactId: string): Promise<{ email: string; subscribed: boolean } | null>
  /** Unsubscribes the contact (nothing changes when it already left); false when unknown. */
  abstract unsubscribe(contactId: string, via: UnsubscribeVia): Promise<boolean>
  /**
   * Removes everything personal about `email` and keeps only `emailHash`, a
   * keyed one-way hash, so the address is not mailed again unless it
   * subscribes anew (a new contact, with its own consent). Returns whether a
   * contact existed.
   */
  abstract erase(email: string, emailHash: string): Promise<boolean>
}

/** What the sender must be able to prove about a subscription (contract.md). */
export type Consent = {
  ip: string
  userAgent: string | null
  origin: string | null
  referer: string | null
  /** The language of the subscribing request: the contact's emails are written in it. */
  locale: Language
}

/** `one_click`: RFC 8058 POST from a mail client; `link`: the link's page or a bare POST. */
export type UnsubscribeVia = 'one_click' | 'link'
