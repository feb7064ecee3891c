import { MessageBuilder } from '@adonisjs/core/helpers'
import string from '@adonisjs/core/helpers/string'
import { configProvider } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { runPrepared } from '#helpers/prepared_statement'
import { isExtensionDue, verifySessionData } from '#session/session_expiry'
import { noteQuotaConsumed, sessionQuota } from '#session/session_quota'
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

/** The user row each request read together with its session (see SessionUserProvider). */
const usersReadWithSession = new WeakMap<HttpContext, Record<string, unknown>>()

export function userReadWithSession(ctx: HttpContext) {
  return usersReadWithSession.get(ctx)
}

type Options = {
  /** An unchanged session is extended once this much of its age has passed. */
  refreshAfter: string
  /** Percent of writes that also delete expired sessions. */
  gcProbability: number
}

const READ = `SELECT s.data AS session_data, s.expires_at AS session_expires_at, u.*
  FROM sessions s LEFT JOIN users u ON u.id = s.user_id
 WHERE s.id = $1`

/**
 * READ, and the API limit of the session's user consumed in the same
 * statement (see session_quota.ts): only for a live session of an existing
 * user, with rate-limiter-flexible's own upsert ($2 key prefix, $3 expiry of
 * a new window, $4 now, both in ms). `id` of `r` is the user's.
 */
const READ_WITH_QUOTA = `WITH r AS (${READ}),
q AS (
  INSERT INTO rate_limits (key, points, expire)
  SELECT $2 || r.id, 1, $3 FROM r
   WHERE r.id IS NOT NULL AND r.session_expires_at >= to_timestamp($4::bigint / 1000.0)
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN rate_limits.expire <= $4 THEN 1 ELSE rate_limits.points + 1 END,
    expire = CASE WHEN rate_limits.expire <= $4 THEN $3 ELSE rate_limits.expire END
  RETURNING points AS quota_points, expire AS quota_expire)
SELECT r.*, q.* FROM r LEFT JOIN q ON true`

/**
 * The `sessions` table, read in one statement per request:
 *
 * - the row is joined with its user (`user_id`, kept beside the signed data on
 *   every write), so the auth guard needs no second SELECT, and the user's API
 *   limit is consumed by the same statement when the limiter is in PostgreSQL;
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
    /** Null when used outside a request (SessionCollection). */
    private ctx: HttpContext | null,
    private ttlSeconds: number,
    private options: { refreshAfterMs: number; gcProbability: number }
  ) {}

  async read(sessionId: string): Promise<SessionData | null> {
    const now = Date.now()
    const quota = this.ctx ? sessionQuota() : null
    const { rows } = quota
      ? await runPrepared('read_session_quota', READ_WITH_QUOTA, [
          sessionId,
          quota.keyPrefix,
          now + quota.durationMs,
          now,
        ])
      : await runPrepared('read_session', READ, [sessionId])
    if (!rows.length) return null
    const {
      session_data: data,
      session_expires_at: expiresAt,
      quota_points: points,
      quota_expire: quotaExpire,
      ...user
    } = rows[0]

    this.#expiresAt = new Date(expiresAt).getTime()
    if (now > this.#expiresAt) {
      await this.destroy(sessionId)
      return null
    }
    if (user.id && this.ctx) {
      usersReadWithSession.set(this.ctx, user)
      if (points !== null && points !== undefined) {
        noteQuotaConsumed(this.ctx, { userId: user.id, points, expire: Number(quotaExpire) })
      }
    }
    return verifySessionData(data, sessionId)
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
   * to move. False when it did not move: the session package then sends no
   * Set-Cookie (patches/@adonisjs+session+8.1.0.patch), so the cookie is
   * signed again only when its expiry moves with the row's.
   */
  async touch(sessionId: string) {
    if (!isExtensionDue(this.#expiresAt, this.ttlSeconds, this.options.refreshAfterMs)) {
      return false
    }
    await this.client
      .from('sessions')
      .where('id', sessionId)
      .update({ expires_at: this.#newExpiry() })
    return true
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
    return (ctx: HttpContext, config: SessionConfig) => {
      ttlSeconds ??= string.seconds.parse(config.age)
      return new DatabaseSessionStore(db.connection(), ctx, ttlSeconds, storeOptions)
    }
  })
}
