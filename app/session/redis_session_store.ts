import string from '@adonisjs/core/helpers/string'
import { configProvider } from '@adonisjs/core'
import { stores } from '@adonisjs/session'
import type { HttpContext } from '@adonisjs/core/http'
import type { RedisConnections } from '@adonisjs/redis/types'
import type { Cluster, Redis } from 'ioredis'
import { isExtensionDue, verifySessionData } from '#session/session_expiry'
import { SessionRead } from '#session/session_read'
import type {
  SessionConfig,
  SessionData,
  SessionStoreFactory,
  SessionStoreWithTaggingContract,
} from '@adonisjs/session/types'

type Options = {
  connection: keyof RedisConnections
  /** An unchanged session is extended once this much of its age has passed. */
  refreshAfter: string
}

/**
 * The session package's Redis store (same keys, values and tags, so the
 * two can read each other's sessions), with the database store's rule for
 * reads: an unchanged session is not written back on every request. The
 * read asks for the remaining lifetime with the value (one round trip), and
 * `touch` pushes the expiry only once `refreshAfter` has passed since the
 * last push, instead of an EXPIRE per request.
 */
export class RedisSessionStore implements SessionStoreWithTaggingContract {
  #expiresAt?: number

  constructor(
    private store: SessionStoreWithTaggingContract,
    private connection: Redis | Cluster,
    private ttlSeconds: number,
    private refreshAfterMs: number,
    /** The request's read, told whether `touch()` moved the expiry. */
    private sessionRead = new SessionRead()
  ) {}

  async read(sessionId: string): Promise<SessionData | null> {
    const replies = await this.connection.pipeline().get(sessionId).pttl(sessionId).exec()
    const [[, contents], [, remainingMs]] = replies as [unknown, string | null][]
    if (typeof contents !== 'string') return null
    this.#expiresAt = Date.now() + Number(remainingMs)
    this.sessionRead.noteExpiry(this.#expiresAt, this.ttlSeconds, this.refreshAfterMs)
    return verifySessionData(contents, sessionId)
  }

  /** Noted on the request's read: no Set-Cookie when the expiry did not move (as the database store). */
  async touch(sessionId: string) {
    const due = isExtensionDue(this.#expiresAt, this.ttlSeconds, this.refreshAfterMs)
    this.sessionRead.noteTouch(due)
    if (due) await this.store.touch(sessionId)
  }

  write(sessionId: string, values: SessionData) {
    return this.store.write(sessionId, values)
  }

  destroy(sessionId: string) {
    return this.store.destroy(sessionId)
  }

  tag(sessionId: string, userId: string | number) {
    return this.store.tag(sessionId, userId)
  }

  untag(sessionId: string, userId: string | number) {
    return this.store.untag(sessionId, userId)
  }

  tagged(userId: string | number) {
    return this.store.tagged(userId)
  }
}

/** The store for config/session.ts. */
export function redisSessionStore(options: Options) {
  return configProvider.create<SessionStoreFactory>(async (app) => {
    const redis = await app.container.make('redis')
    const frameworkStores = await stores.redis({ connection: options.connection }).resolver(app)
    const refreshAfterMs = string.seconds.parse(options.refreshAfter) * 1000
    let ttlSeconds: number | undefined
    return (ctx: HttpContext | null, config: SessionConfig) => {
      ttlSeconds ??= string.seconds.parse(config.age)
      return new RedisSessionStore(
        frameworkStores(ctx as HttpContext, config) as SessionStoreWithTaggingContract,
        redis.connection(options.connection).ioConnection,
        ttlSeconds,
        refreshAfterMs,
        ctx?.sessionRead
      )
    }
  })
}
