import { createHash, randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import IdempotencyInProgressException from '#exceptions/idempotency_in_progress_exception'
import { invalidField } from '#exceptions/validation_error_reporter'
import { message } from '#exceptions/api_exception'

/** The answer a request gave, replayed to its retries. */
export type IdempotentAnswer = { status: number; body: unknown; etag: string }

/**
 * Who retries what: the caller, their key and a fingerprint of what they
 * asked; the organization the request acts in, when it does (its deletion
 * takes the record with it).
 */
export type IdempotencyScope = {
  userId: string
  key: string
  fingerprint: string
  organizationId?: string
}

/**
 * Records the answer inside the transaction that does the work, so the
 * work and its answer commit together (or not at all).
 */
export type RecordAnswer = (
  trx: TransactionClientContract,
  answer: IdempotentAnswer
) => Promise<void>

/**
 * Takes the key for this request: a new key, one whose answer is older than
 * 24 h, or a claim abandoned for a minute (its process died mid-request:
 * requests are bounded far below that) is ours; otherwise nothing returns.
 * The caller's other expired keys go in the same statement, so the table
 * holds at most a day of keys per caller.
 */
const CLAIM = `
  WITH expired AS (
    DELETE FROM idempotency_keys
     WHERE user_id = ? AND key <> ? AND created_at < now() - interval '24 hours'
  )
  INSERT INTO idempotency_keys AS k (user_id, key, request_hash, claim, organization_id, created_at)
  VALUES (?, ?, ?, ?, ?::uuid, now())
  ON CONFLICT (user_id, key) DO UPDATE
     SET request_hash = EXCLUDED.request_hash, claim = EXCLUDED.claim,
         organization_id = EXCLUDED.organization_id, response_status = NULL,
         response_body = NULL, response_etag = NULL, created_at = EXCLUDED.created_at
   WHERE k.created_at < now() - interval '24 hours'
      OR (k.response_status IS NULL AND k.created_at < now() - interval '1 minute')
  RETURNING claim`

const EXISTING = `
  SELECT request_hash, response_status, response_body, response_etag
    FROM idempotency_keys WHERE user_id = ? AND key = ?`

const RECORD = `
  UPDATE idempotency_keys SET response_status = ?, response_body = ?::jsonb, response_etag = ?
   WHERE user_id = ? AND key = ? AND claim = ?`

const RELEASE = 'DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND claim = ?'

/** JSON with object members in a fixed order, so the same body always hashes alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const members = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
    return `{${members.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** What makes two requests "the same": the target and the body, members in any order. */
export function fingerprintOf(target: string, body: unknown) {
  return createHash('sha256')
    .update(`${target}\n${canonical(body)}`)
    .digest('hex')
}

/**
 * Idempotency-Key (contract, "Safe retries"): keys live in PostgreSQL, one
 * row per caller and key (primary key), so two concurrent requests with one
 * key cannot both run. No transaction is held across anything but the
 * database: the claim is committed at once; the work's own transaction
 * records the answer; a failure releases the claim so a retry can run.
 */
export default class IdempotencyService {
  async once(
    scope: IdempotencyScope,
    work: (record: RecordAnswer) => Promise<IdempotentAnswer>
  ): Promise<IdempotentAnswer> {
    const claim = randomUUID()
    for (;;) {
      const claimed = await db.rawQuery(CLAIM, [
        scope.userId,
        scope.key,
        scope.userId,
        scope.key,
        scope.fingerprint,
        claim,
        scope.organizationId ?? null,
        // Lucid's binding type leaves out null, which knex binds as NULL.
      ] as RawQueryBindings)
      if (claimed.rows.length === 1) break
      const existing = await db.rawQuery(EXISTING, [scope.userId, scope.key])
      const row = existing.rows[0]
      // Released between the two statements: try to take it again.
      if (!row) continue
      if (row.request_hash !== scope.fingerprint) {
        throw invalidField('idempotency_key', 'reused', message('errors.idempotency.reused'), 422)
      }
      if (row.response_status === null) throw new IdempotencyInProgressException()
      return { status: row.response_status, body: row.response_body, etag: row.response_etag }
    }

    const record: RecordAnswer = async (trx, answer) => {
      const { rowCount } = await trx.rawQuery(RECORD, [
        answer.status,
        JSON.stringify(answer.body),
        answer.etag,
        scope.userId,
        scope.key,
        claim,
      ])
      // Our claim was taken over as abandoned: let the work roll back.
      if (rowCount !== 1) throw new IdempotencyInProgressException()
    }

    try {
      return await work(record)
    } catch (error) {
      await db.rawQuery(RELEASE, [scope.userId, scope.key, claim]).catch(() => {})
      throw error
    }
  }
}
