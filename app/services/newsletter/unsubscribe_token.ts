import { inject } from '@adonisjs/core'
import encryption from '@adonisjs/core/services/encryption'
import { publicUrl } from '#config/app'

const PURPOSE = 'newsletter-unsubscribe'

/**
 * The unsubscribe link's token: the contact id encrypted and authenticated
 * with the app's key (AES-256-GCM, config/encryption.ts), bound to this
 * purpose. Opaque (neither the email nor the id shows), unguessable, and
 * nothing to store: any change to it fails the authentication.
 *
 * No expiry: an opt-out must work for as long as the email sits in an
 * inbox. A re-subscribe keeps the contact id, so the links of earlier
 * welcome emails still unsubscribe; an erased contact's links are unknown.
 * Rotating APP_KEY keeps old links working while the old key stays listed
 * after the new one in config/encryption.ts.
 */
@inject()
export default class UnsubscribeToken {
  issue(contactId: string) {
    return encryption.encrypt(contactId, undefined, PURPOSE)
  }

  /** The contact id, or null for a token that was not issued here. */
  read(token: string): string | null {
    const contactId = encryption.decrypt<unknown>(token, PURPOSE)
    return typeof contactId === 'string' ? contactId : null
  }

  url(contactId: string) {
    return `${publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(this.issue(contactId))}`
  }
}
