import { createHmac } from 'node:crypto'
import { appKeys } from '#config/encryption'

/*
 * What a session records of its device, and the id the account's list of
 * sessions shows for it: read by the session (signIn) and by the account's
 * session registry alike.
 */

/** Where a session keeps what GET /auth/sessions shows about it. */
export const DEVICE_KEY = 'device'

export type SessionDevice = {
  createdAt: string
  lastSeenAt: string
  ipAddress: string | null
  userAgent: string | null
}

/**
 * The id GET /auth/sessions shows for a session: a keyed hash of the
 * session id, so the list never reveals a value that would authenticate.
 */
export function publicSessionId(sessionId: string, key = appKeys[0]) {
  return createHmac('sha256', key.release()).update(sessionId).digest('base64url').slice(0, 32)
}

/**
 * Whether `publicId` names the session `sessionId` under the current app
 * key or a previous one (APP_PREVIOUS_KEYS): an id listed before the key
 * changed still names its session.
 */
export function isPublicSessionId(sessionId: string, publicId: string) {
  return appKeys.some((key) => publicSessionId(sessionId, key) === publicId)
}
