import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { jobs } from '#config/jobs'

/**
 * Deletes in batches of `size` until `statement` (which takes `:size` and
 * returns the rows it deleted) finds nothing; checked against `signal`
 * between batches. Returns how many rows went.
 */
async function inBatches(
  statement: string,
  bindings: Record<string, unknown>,
  signal?: AbortSignal,
  size = jobs.retentionBatchSize
) {
  let deleted = 0
  for (;;) {
    signal?.throwIfAborted()
    const { rowCount } = await db.rawQuery(statement, { ...bindings, size })
    deleted += rowCount ?? 0
    if (!rowCount) return deleted
  }
}

/** One batch of `table`'s rows matching `where`, chosen by `key` and locked with SKIP LOCKED. */
function batchDelete(table: string, key: string, where: string) {
  return `
    WITH batch AS MATERIALIZED (
      SELECT ${key} FROM ${table} WHERE ${where} LIMIT :size FOR UPDATE SKIP LOCKED)
    DELETE FROM ${table} t USING batch WHERE ${key
      .split(', ')
      .map((column) => `t.${column} = batch.${column}`)
      .join(' AND ')}`
}

/**
 * What is kept only for a while (contract, "Data that grows"), deleted in
 * the background in batches, each its own short transaction. Every
 * deletion here only removes what nothing can use any more.
 */
@inject()
export default class Retention {
  /** Idempotency records past their 24 h: a retry with their key runs anew anyway. */
  idempotencyRecords(signal?: AbortSignal) {
    return inBatches(
      batchDelete('idempotency_keys', 'user_id, key', `created_at < now() - interval '24 hours'`),
      {},
      signal
    )
  }

  /**
   * Expired sessions, and tokens that can no longer be used: account
   * tokens past their expiry (a spent one is deleted when it is used), login
   * challenges expired or finished, WebAuthn challenges expired. Each of
   * these answers the same once its row is gone.
   */
  async sessionsAndTokens(signal?: AbortSignal) {
    return {
      sessions: await inBatches(batchDelete('sessions', 'id', 'expires_at <= now()'), {}, signal),
      accountTokens: await inBatches(
        batchDelete('account_tokens', 'id', 'expires_at <= now()'),
        {},
        signal
      ),
      loginChallenges: await inBatches(
        batchDelete('login_challenges', 'id', 'expires_at <= now() OR completed_at IS NOT NULL'),
        {},
        signal
      ),
      webauthnChallenges: await inBatches(
        batchDelete('webauthn_challenges', 'id', 'expires_at <= now()'),
        {},
        signal
      ),
    }
  }

  /** Audit entries older than `days` days; nothing when no retention is set (kept). */
  auditEntries(days: number | undefined, signal?: AbortSignal) {
    if (days === undefined) return Promise.resolve(0)
    return inBatches(
      batchDelete(
        'organization_audit_entries',
        'id',
        'occurred_at < now() - make_interval(days => :days)'
      ),
      { days },
      signal
    )
  }
}
