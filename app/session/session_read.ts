import type { SpentQuota, UserQuota } from '#services/platform/rate_limits'
import string from '@adonisjs/core/helpers/string'
import { runPrepared } from '#helpers/prepared_statement'
import { isExtensionDue } from '#session/session_expiry'

/**
 * Who is asking and how much of their quota is left, read with the session.
 *
 * The pipeline of a session route, each step handing the next one object,
 * `ctx.sessionRead` (a `SessionRead`, one per request):
 *
 * 1. the session area (session_area.ts) creates it with the limits
 *    service's user quota (`RateLimits.userQuota`: null unless the limiter
 *    counts in PostgreSQL);
 * 2. the database session store reads the session through it: one statement
 *    that reads the `sessions` row joined with its user and, for a live
 *    session of an existing user, consumes one request of that user's quota
 *    in `user_request_quotas` (this module's table, migration 1200);
 * 3. the guard's user provider (session_user_provider.ts) takes the user row
 *    from it instead of a second SELECT;
 * 4. the limits service (app/services/platform/rate_limits.ts), handed it
 *    by the session area, takes the quota spent from it, or consumes it
 *    through `userQuota` when the read could not (sessions in Redis);
 * 5. the stores note the session's expiry when they read it, and whether
 *    `touch()` moved it: the session area commits an unchanged
 *    session only when its expiry is due to move, and sends the cookie
 *    again only when it moved.
 *
 * With the limiter elsewhere (Redis, memory) the user's quota is the
 * limiter's, as every other limit; with sessions elsewhere the user row is
 * looked up by id. Nothing here reads another package's tables.
 */

/** A `users` row, as PostgreSQL returns it: ACCOUNT_COLUMNS. */
export type UserRow = Record<string, unknown> & { id: string }

/**
 * The `users` columns an `Account` is made of (signed_in_account.ts): every
 * one but the password's hash, which no request needs past its own check.
 */
export const ACCOUNT_COLUMNS = `u.id, u.email, u.full_name, u.locale, u.two_factor_enabled,
  u.second_factor_failures, u.second_factor_locked_until, u.email_verified_at, u.read_after_lsn,
  u.created_at, u.updated_at`

/** `requests` per `duration` (`'1 minute'`, or seconds): one limit of config/limiter.ts. */
export type RequestLimit = { requests: number; duration: string | number }

type QuotaRow = { spent: number; window_ends_at_ms: string }

/**
 * One request of the quota, counted in a fixed window: a window that has
 * ended ($2, now in ms) starts again at 1 and ends at $3 (ms). Milliseconds
 * as numbers, not timestamps: no Date to build or parse on the hot path.
 * Written once, for the statement of its own and the one with the session.
 */
const COUNT_ONE = `ON CONFLICT (user_id) DO UPDATE SET
    spent = CASE WHEN q.window_ends_at_ms <= $2 THEN 1 ELSE q.spent + 1 END,
    window_ends_at_ms = CASE WHEN q.window_ends_at_ms <= $2 THEN $3 ELSE q.window_ends_at_ms END`

const CONSUME = `INSERT INTO user_request_quotas AS q (user_id, spent, window_ends_at_ms)
  VALUES ($1, 1, $3)
  ${COUNT_ONE}
  RETURNING spent, window_ends_at_ms`

const READ = `SELECT s.data AS session_data, s.expires_at AS session_expires_at, ${ACCOUNT_COLUMNS}
  FROM sessions s LEFT JOIN users u ON u.id = s.user_id
 WHERE s.id = $1`

/** READ, and CONSUME for a live session of an existing user ($2 now, $3 end of a new window, ms). */
const READ_WITH_QUOTA = `WITH r AS (${READ}),
c AS (
  INSERT INTO user_request_quotas AS q (user_id, spent, window_ends_at_ms)
  SELECT r.id, 1, $3 FROM r
   WHERE r.id IS NOT NULL AND r.session_expires_at >= to_timestamp($2::bigint / 1000.0)
  ${COUNT_ONE}
  RETURNING spent AS quota_spent, window_ends_at_ms AS quota_window_ends_at_ms)
SELECT r.*, c.* FROM r LEFT JOIN c ON true`

/** A user's request quota, counted in `user_request_quotas`, exact across instances. */
export class UserRequestQuota implements UserQuota {
  readonly requests: number
  readonly windowMs: number

  constructor(limit: RequestLimit) {
    this.requests = limit.requests
    this.windowMs = string.seconds.parse(limit.duration) * 1000
  }

  /** One request of `userId`'s quota, in a statement of its own. */
  async consume(userId: string, now = Date.now()): Promise<SpentQuota> {
    const { rows } = await runPrepared<QuotaRow>('consume_user_quota', CONSUME, [
      userId,
      now,
      now + this.windowMs,
    ])
    return this.spent(userId, rows[0].spent, rows[0].window_ends_at_ms)
  }

  /** `windowEndsAt` as PostgreSQL returns a bigint: a string. */
  spent(userId: string, spent: number, windowEndsAt: string): SpentQuota {
    return { userId, limit: this.requests, spent, windowEndsAt: Number(windowEndsAt) }
  }
}

/** What the guard's user provider and the throttle ask of a request's session read. */
export interface SessionReadResult {
  /** The `users` row read with the session, when it is `id`'s. */
  userRow(id: string): UserRow | undefined
  /** `userId`'s quota after the request the read consumed for them, if it did. */
  spentQuota(userId: string): SpentQuota | undefined
  /** False when the store kept an unchanged session's expiry: its cookie need not be sent again. */
  readonly expiryMoved: boolean | undefined
}

/** One request's session read (see the module's comment). */
export class SessionRead implements SessionReadResult {
  #user?: UserRow
  #spent?: SpentQuota
  #expiryMoved?: boolean
  #expiry?: { expiresAtMs: number; ttlSeconds: number; refreshAfterMs: number }

  /** `quota`: the user quota the read consumes; null when the limiter keeps it. */
  constructor(readonly quota: UserQuota | null = null) {}

  /**
   * The session row `sessionId` (signed data and expiry), with its user and,
   * when the quota is ours, one request of that user's quota: one statement.
   * The user and quota are kept only for a session still live at `now`.
   */
  async session(sessionId: string, now = Date.now()) {
    const { rows } = this.quota
      ? await runPrepared('read_session_user_quota', READ_WITH_QUOTA, [
          sessionId,
          now,
          now + this.quota.windowMs,
        ])
      : await runPrepared('read_session', READ, [sessionId])
    if (!rows.length) return null
    const {
      session_data: data,
      session_expires_at: expiresAt,
      quota_spent: spent,
      quota_window_ends_at_ms: windowEndsAt,
      ...user
    } = rows[0]
    const expiresAtMs = new Date(expiresAt).getTime()
    if (user.id && now <= expiresAtMs) {
      this.#user = user as UserRow
      if (this.quota && spent !== null && spent !== undefined) {
        this.#spent = this.quota.spent(user.id, spent, windowEndsAt)
      }
    }
    return { data: data as string, expiresAt: expiresAtMs }
  }

  userRow(id: string) {
    return this.#user?.id === id ? this.#user : undefined
  }

  spentQuota(userId: string) {
    return this.#spent?.userId === userId ? this.#spent : undefined
  }

  /** Set by the store's read: the session's expiry and the store's rule for extending it. */
  noteExpiry(expiresAtMs: number, ttlSeconds: number, refreshAfterMs: number) {
    this.#expiry = { expiresAtMs, ttlSeconds, refreshAfterMs }
  }

  /** Whether the store's `touch()` would push the expiry now; undefined when the store did not say. */
  extensionDue() {
    if (!this.#expiry) return undefined
    const { expiresAtMs, ttlSeconds, refreshAfterMs } = this.#expiry
    return isExtensionDue(expiresAtMs, ttlSeconds, refreshAfterMs)
  }

  /** Set by the store's `touch()`. */
  noteTouch(moved: boolean) {
    this.#expiryMoved = moved
  }

  get expiryMoved() {
    return this.#expiryMoved
  }
}

declare module '@adonisjs/core/http' {
  interface HttpContext {
    /** This request's session read; set by the session area on session routes. */
    sessionRead?: SessionRead
  }
}
