import { MessageBuilder } from '@adonisjs/core/helpers'
import type { SessionData } from '@adonisjs/session/types'

/**
 * The stores' rule for unchanged sessions: the expiry of a session read as
 * expiring at `expiresAtMs` is pushed forward only once `refreshAfterMs` has
 * passed since it was last pushed (expiry minus its lifetime), not on every
 * request. Unknown expiry: due.
 */
export function isExtensionDue(
  expiresAtMs: number | undefined,
  ttlSeconds: number,
  refreshAfterMs: number
) {
  if (expiresAtMs === undefined) return true
  return Date.now() - (expiresAtMs - ttlSeconds * 1000) >= refreshAfterMs
}

/** Stored session data, signed for its session id; null when it does not verify. */
export function verifySessionData(contents: string, sessionId: string): SessionData | null {
  try {
    return new MessageBuilder().verify(contents, sessionId)
  } catch {
    return null
  }
}
