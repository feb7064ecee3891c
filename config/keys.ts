import string from '@adonisjs/core/helpers/string'
import { sessionAge } from '#config/session'
import { doubleOptIn } from '#config/newsletter'

/**
 * The app key's rotation (app/services/platform/key_rotation.ts): rows per
 * batch of the re-encryption, and the longest a session or an expiring
 * link signed with a retired key can still arrive after its retirement —
 * a session cookie (its idle age) or a newsletter confirmation link. The
 * account links (reset, verification, email change, invitations) store
 * only a hash of their secret and never depend on the key.
 */
export const keyRotation = {
  batchSize: 500,
  longestArrivalMs: Math.max(string.seconds.parse(sessionAge) * 1000, doubleOptIn.confirmTtlMs),
}
