import { MessageBuilder } from '@adonisjs/core/helpers'
import string from '@adonisjs/core/helpers/string'
import { configProvider } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { isExtensionDue, verifySessionData } from '#session/session_expiry'
import { SessionRead } from '#session/session_read'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type {
  SessionConfig,
  SessionData,
  SessionStoreFactory,
  SessionStoreWithTaggingContract,
  TaggedSession,
} from '@adonisjs/session/types'

/** The session key the `web` guard keeps the user id under. */
const USER_ID_KEY = 'auth_web'

type Options = {
  /** An unchanged session is extended once this much of its age has passed. */
  refreshAfter: string
  /** Percent of writes that also delete expired sessions. */
  gcProbability: number
}

/**
 * The `sessions` table, read in one statement per request:
 *
 * - the row is read through the request's `SessionRead` (session_read.ts),
 *   which joins it with its user (`user_id`, kept beside the signed data on
 *   every write) and consumes the user's API quota in the same statement;
 * - an unchanged session is not written back on every request: its expiry is
 *   pushed forward only when `refreshAfter` has passed since the last push.
 *
 * Everything stays in PostgreSQL, so every instance sees the same sessions and
 * logout (the row deleted) ends a session everywhere.
 */
export class DatabaseSessionStore implements SessionStoreWithTaggingContract {
  #expiresAt?: number

  constructor(
    private client: QueryClientContract,
    /** The request's read (a bare one outside a request: SessionCollection). */
    private sessionRead: SessionRead,
    private ttlSeconds: number,
    private options: { refreshAfterMs: number; gcProbability: number }
  ) {}

  async read(sessionId: string): Promise<SessionData | null> {
    const now = Date.now()
    const row = await this.sessionRead.session(sessionId, now)
    if (!row) return null
    this.#expiresAt = row.expiresAt
    this.sessionRead.noteExpiry(row.expiresAt, this.ttlSeconds, this.options.refreshAfterMs)
    if (now > this.#expiresAt) {
      await this.destroy(sessionId)
      return null
    }
    return verifySessionData(row.data, sessionId)
  }

  async write(sessionId: string, values: SessionData) {
    const userId = values[USER_ID_KEY]
    await this.client.getWriteClient().raw(
      `INSERT INTO sessions (id, data, user_id, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE
         SET data = EXCLUDED.data, user_id = EXCLUDED.user_id, expires_at = EXCLUDED.expires_at`,
      [
        sessionId,
        new MessageBuilder().build(values, undefined, sessionId),
        typeof userId === 'string' ? userId : null,
        this.#newExpiry(),
      ]
    )
    if (Math.random() * 100 < this.options.gcProbability) {
      await this.client.from('sessions').where('expires_at', '<=', new Date()).delete()
    }
  }

  async destroy(sessionId: string) {
    await this.client.from('sessions').where('id', sessionId).delete()
  }

  /**
   * Called for every unchanged session: a write only when the expiry is due
   * to move. Noted on the request's read: the session middleware sends the
   * cookie again only when its expiry moved with the row's.
   */
  async touch(sessionId: string) {
    const due = isExtensionDue(this.#expiresAt, this.ttlSeconds, this.options.refreshAfterMs)
    this.sessionRead.noteTouch(due)
    if (!due) return
    await this.client
      .from('sessions')
      .where('id', sessionId)
      .update({ expires_at: this.#newExpiry() })
  }

  /**
   * Session tagging (`session.tag()`, `SessionCollection`). The user id is
   * also written from the session's own data on every write, so tagging a
   * session not yet stored (a login) needs nothing more.
   */
  async tag(sessionId: string, userId: string | number) {
    await this.client
      .from('sessions')
      .where('id', sessionId)
      .update({ user_id: String(userId) })
  }

  async untag(sessionId: string) {
    await this.client.from('sessions').where('id', sessionId).update({ user_id: null })
  }

  /** The live sessions of a user, in one statement. */
  async tagged(userId: string | number): Promise<TaggedSession[]> {
    const rows: { id: string; data: string }[] = await this.client
      .from('sessions')
      .select('id', 'data')
      .where('user_id', String(userId))
      .where('expires_at', '>', new Date())
    return rows.flatMap(({ id, data }) => {
      const values = verifySessionData(data, id)
      return values ? [{ id, data: values }] : []
    })
  }

  #newExpiry() {
    return new Date(Date.now() + this.ttlSeconds * 1000)
  }
}

/** The store for config/session.ts. */
export function databaseSessionStore(options: Options) {
  return configProvider.create<SessionStoreFactory>(async (app) => {
    const db = await app.container.make('lucid.db')
    // Parsed once, not for every request.
    const storeOptions = {
      refreshAfterMs: string.seconds.parse(options.refreshAfter) * 1000,
      gcProbability: options.gcProbability,
    }
    let ttlSeconds: number | undefined
    return (ctx: HttpContext | null, config: SessionConfig) => {
      ttlSeconds ??= string.seconds.parse(config.age)
      const sessionRead = ctx?.sessionRead ?? new SessionRead()
      return new DatabaseSessionStore(db.connection(), sessionRead, ttlSeconds, storeOptions)
    }
  })
}
