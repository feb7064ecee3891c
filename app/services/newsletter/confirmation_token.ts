import { inject } from '@adonisjs/core'
import encryption from '@adonisjs/core/services/encryption'
import { publicUrl } from '#config/app'

const PURPOSE = 'newsletter-confirm'

type Payload = { contactId: string; expiresAt: number }

/**
 * The confirmation link's token: the contact id and the link's expiry,
 * encrypted and authenticated with the app's key (AES-256-GCM, as the
 * unsubscribe token), bound to this purpose. Opaque, unforgeable, nothing
 * stored. The expiry is in the token, read against the app's Clock, so a
 * test moves time instead of waiting; a contact pruned or erased since
 * names no one. Each confirmation email carries a new one.
 */
@inject()
export default class ConfirmationToken {
  issue(contactId: string, expiresAt: number) {
    return encryption.encrypt({ contactId, expiresAt } satisfies Payload, undefined, PURPOSE)
  }

  /** The contact id, or null for a token not issued here or expired at `now`. */
  read(token: string, now: number): string | null {
    const payload = encryption.decrypt<Partial<Payload>>(token, PURPOSE)
    if (typeof payload?.contactId !== 'string' || typeof payload.expiresAt !== 'number') return null
    return payload.expiresAt > now ? payload.contactId : null
  }

  url(contactId: string, expiresAt: number) {
    const token = encodeURIComponent(this.issue(contactId, expiresAt))
    return `${publicUrl}/newsletter/confirm?token=${token}`
  }
}
