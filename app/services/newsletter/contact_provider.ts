/**
 * Where newsletter contacts are kept. The default keeps them in PostgreSQL
 * (DatabaseContactProvider); a hosted audience (Resend, Brevo, ...) is
 * another implementation bound in providers/app_provider.ts.
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
   * `abandonedAfterMs`: a pending contact older than this was left by an
   * attempt that can no longer be running, and is taken over.
   */
  abstract create(email: string, abandonedAfterMs: number): Promise<string | null>
  abstract confirm(contactId: string): Promise<void>
  abstract remove(contactId: string): Promise<void>
}
