import type { HttpContext } from '@adonisjs/core/http'

/**
 * The per-user API limit, consumed by the statement that reads the session
 * (DatabaseSessionStore) when the counters live in the same PostgreSQL:
 * one round trip for who is asking and their quota, instead of two. The
 * counter is the limiter's own row (same table, key and arithmetic as
 * rate-limiter-flexible's PostgreSQL upsert), so limits stay exact across
 * instances and the limiter still owns it everywhere else.
 */
export type SessionQuota = {
  /** The limiter's stored key, less the user id (`rlflx:api_user_`). */
  keyPrefix: string
  /** The window a new counter opens (the limit itself is the limiter's to apply). */
  durationMs: number
}

/** What the session read consumed: the counter of `userId` after this request. */
export type ConsumedQuota = { userId: string; points: number; expire: number }

let quota: SessionQuota | null = null
const consumed = new WeakMap<HttpContext, ConsumedQuota>()

/** Set once at boot (start/limiter.ts), only when the limiter's store is the database. */
export function consumeQuotaWithSession(definition: SessionQuota | null) {
  quota = definition
}

export function sessionQuota() {
  return quota
}

export function noteQuotaConsumed(ctx: HttpContext, result: ConsumedQuota) {
  consumed.set(ctx, result)
}

/** The counter consumed with this request's session, when it was for `userId`. */
export function quotaConsumedWithSession(ctx: HttpContext, userId: string) {
  const result = consumed.get(ctx)
  return result?.userId === userId ? result : undefined
}
