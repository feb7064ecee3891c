/*
| What the bench takes from the API's tree, in one place: a free port and
| the scratch PostgreSQL it shares with ops/drill, the session cookie the
| API hands out (its own signer, so the seeded sessions are accepted), and
| the values its validators accept (event statuses, sorts, audit actions).
| Relative imports: the root's `#` aliases do not reach into this workspace.
*/

import { MessageBuilder } from '@adonisjs/core/helpers'
import { Encryption, drivers } from '@adonisjs/core/encryption'

export { freePort } from '../../app/helpers/free_port.js'
export { AUDIT_ACTIONS } from '../../app/types/organization.js'
export { EVENT_SORTS, EVENT_STATUSES, EVENT_TYPES } from '../../app/types/event.js'
export { freshDatabase, scratchPostgres, type ScratchPostgres } from '../../ops/scratch_postgres.js'

/** The app's session age (config/session.ts). */
export const SESSION_SECONDS = 7 * 24 * 3600

/** The production cookie name (config/session.ts): the bench runs the app in production. */
const COOKIE_NAME = '__Host-session'

/**
 * Signs session ids as the API does (config/encryption.ts: aes256gcm,
 * `APP_KEY`) and writes session data as its stores keep it.
 */
export async function apiSessions(appKey: string) {
  const encryption = new Encryption(
    await drivers.aes256gcm({ id: 'gcm', keys: [appKey] }).resolver(undefined as never)
  )
  const verifier = encryption.getMessageVerifier()
  return {
    cookie: (sessionId: string) =>
      `${COOKIE_NAME}=s:${verifier.sign(sessionId, undefined, COOKIE_NAME)}`,
    /** What a signed-in session holds: the user, and its device seen just now (no write due). */
    data(sessionId: string, userId: string) {
      const now = new Date().toISOString()
      const session = {
        auth_web: userId,
        device: {
          createdAt: now,
          lastSeenAt: now,
          ipAddress: '127.0.0.1',
          userAgent: 'autocannon',
        },
      }
      return new MessageBuilder().build(session, undefined, sessionId)
    },
  }
}
