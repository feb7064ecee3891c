import { inject } from '@adonisjs/core'
import { SessionCollection } from '@adonisjs/session'
import NotFoundException from '#exceptions/not_found_exception'
import {
  DEVICE_KEY,
  isPublicSessionId,
  publicSessionId,
  type SessionDevice,
} from '#helpers/session_devices'
import { message } from '#exceptions/api_exception'

/**
 * The sessions of an account, through the session store's tags (PostgreSQL
 * or Redis alike). Ending a session deletes it from the store, so it stops
 * authenticating on every instance at once. The cookie store keeps nothing
 * server-side: it has no sessions to list or end.
 */
@inject()
export default class SessionRegistry {
  constructor(private collection: SessionCollection) {}

  async list(userId: string, currentId: string) {
    const sessions = await this.#sessionsOf(userId)
    return sessions
      .map(({ id, data }) => {
        const device = (data[DEVICE_KEY] ?? {}) as Partial<SessionDevice>
        return {
          id: publicSessionId(id),
          current: id === currentId,
          createdAt: device.createdAt ?? null,
          lastSeenAt: device.lastSeenAt ?? null,
          ipAddress: device.ipAddress ?? null,
          userAgent: device.userAgent ?? null,
        }
      })
      .sort((a, b) => (b.lastSeenAt ?? '').localeCompare(a.lastSeenAt ?? ''))
  }

  /** Ends the session shown as `publicId`; returns its real id. Another account's: 404. */
  async end(userId: string, publicId: string) {
    const sessions = await this.#sessionsOf(userId)
    const session = sessions.find(({ id }) => isPublicSessionId(id, publicId))
    if (!session) throw new NotFoundException(message('errors.resource.not_found'))
    await this.collection.destroy(session.id)
    return session.id
  }

  /** Ends every session of the account but `exceptId`. */
  async endAll(userId: string, exceptId?: string) {
    for (const { id } of await this.#sessionsOf(userId)) {
      if (id !== exceptId) await this.collection.destroy(id)
    }
  }

  async #sessionsOf(userId: string) {
    if (!this.collection.supportsTagging()) return []
    const sessions = await this.collection.tagged(userId)
    return sessions.filter(({ data }) => data.auth_web === userId)
  }
}
