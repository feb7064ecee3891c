import { inject } from '@adonisjs/core'
import { v7 as uuidv7 } from 'uuid'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import type { AuditAction, AuditDetails, AuditEntry, AuditTargetType } from '#types/organization'
import ReadRouting, { type ReadOptions } from '#services/platform/replicas/read_routing'
import { runStatement } from '#helpers/prepared_statement'
import { invalidCursor } from '#exceptions/validation_error_reporter'
import {
  bindings,
  equalityPrefixes,
  issueCursor,
  keysetWalk,
  pastBound,
  positionRow,
  readCursor,
  type KeysetPosition,
} from '#helpers/keyset'

/** One change to record; emails of user targets are looked up when not given. */
export type AuditRecord = {
  organizationId: string
  action: AuditAction
  actorId: string
  target: { type: AuditTargetType; id: string; email?: string | null }
  details?: AuditDetails
}

export type AuditPageQuery = { limit?: number; cursor?: string; action?: AuditAction[] }

/*
 * The emails are copies taken now (contract: an entry still says who after
 * they left), read in the insert itself.
 */
const INSERT = `
  INSERT INTO organization_audit_entries
    (id, organization_id, action, actor_id, actor_email, target_type, target_id, target_email,
     details, occurred_at)
  VALUES (?, ?, ?, ?, (SELECT email FROM users WHERE id = ?), ?, ?,
          CASE WHEN ?::text IS NOT NULL THEN ?::text
               WHEN ? = 'user' THEN (SELECT email FROM users WHERE id = ?::uuid) END,
          ?::jsonb, clock_timestamp())`

/** The audit log's cursors (helpers/keyset.ts): bound to the organization only (one order). */
const CURSOR_PURPOSE = 'audit-log-cursor'

/**
 * The audit log of an organization (contract, Roles inside an organization).
 * Entries are written only through `record`, inside the transaction of the
 * change they describe: no change without its entry, no entry for a change
 * that was refused or rolled back. Append-only: nothing updates or deletes
 * an entry except the organization's own deletion.
 */
@inject()
export default class AuditLog {
  constructor(private routing: ReadRouting) {}

  static async record(trx: TransactionClientContract, entry: AuditRecord) {
    const { target } = entry
    await trx.rawQuery(INSERT, [
      uuidv7(),
      entry.organizationId,
      entry.action,
      entry.actorId,
      entry.actorId,
      target.type,
      target.id,
      target.email ?? null,
      target.email ?? null,
      target.type,
      target.id,
      JSON.stringify(entry.details ?? {}),
      // Lucid's binding type leaves out null, which knex binds as NULL.
    ] as RawQueryBindings)
  }

  /**
   * One page, newest first (keyset: the time and the id of the last entry
   * returned, signed and bound to the organization, like the event list),
   * in one statement (auditPageStatement).
   */
  async page(organizationId: string, query: AuditPageQuery, options: ReadOptions = {}) {
    const limit = query.limit ?? 20
    const scope = { organizationId }
    const after = query.cursor
      ? (readCursor(CURSOR_PURPOSE, query.cursor, scope) ?? invalidCursor())
      : undefined
    const { text, values } = auditPageStatement(organizationId, limit, query.action, after)
    // Planned for its values each time: a plan made once for any action list can read them all.
    const { rows } = await this.routing.read(options, (connection) =>
      runStatement(text, values, connection)
    )
    const more = rows.length > limit
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    const nextCursor =
      more && last
        ? issueCursor(CURSOR_PURPOSE, scope, { key: last.cursor_key, id: last.id })
        : null
    return { entries: page.map(entryFromRow), nextCursor }
  }

  /**
   * Entries, in any organization not deleted, where the account is the
   * actor or the target (the account's data export), oldest first, with the
   * organization each belongs to: `limit` of them after `after` (the
   * `cursor` of the last one of the previous batch). Each half reads its own
   * index in order ((actor_id | target_id, occurred_at, id)), so a batch
   * costs what its rows cost, however many entries the account has.
   */
  static async about(
    userId: string,
    limit: number,
    after: { k: string; i: string } = { k: '-infinity', i: '00000000-0000-0000-0000-000000000000' }
  ): Promise<{ organizationId: string; entry: AuditEntry; cursor: { k: string; i: string } }[]> {
    const half = (who: string) => `
      (SELECT a.id, a.organization_id, a.action, a.occurred_at, a.occurred_at::text AS cursor_key,
              a.actor_id, a.actor_email, a.target_type, a.target_id, a.target_email, a.details
         FROM organization_audit_entries a
        WHERE ${who} AND (a.occurred_at, a.id) > (:k::timestamptz, :i::uuid)
          AND EXISTS (SELECT 1 FROM organizations o
                       WHERE o.id = a.organization_id AND o.deleted_at IS NULL)
        ORDER BY a.occurred_at, a.id
        LIMIT :limit)`
    const { rows } = await db.rawQuery(
      `${half('a.actor_id = :userId')}
       UNION
       ${half(`a.target_type = 'user' AND a.target_id = :userId`)}
       ORDER BY occurred_at, id
       LIMIT :limit`,
      { userId, limit, k: after.k, i: after.i }
    )
    return rows.map((row: Record<string, any>) => ({
      organizationId: row.organization_id as string,
      entry: entryFromRow(row),
      cursor: { k: row.cursor_key as string, i: row.id as string },
    }))
  }

  /**
   * Account deletion, within its transaction: entries keep the account's id
   * but no longer its email, wherever it was copied (as the actor, as a
   * user target, as an invitation's address).
   */
  static async forgetEmailsOf(trx: TransactionClientContract, userId: string, email: string) {
    await trx.rawQuery(FORGET_ACTOR_EMAIL, [userId])
    await trx.rawQuery(FORGET_TARGET_EMAIL, [userId, email.toLowerCase()])
  }
}

/** Account deletion: the account as actor (its actor index). */
export const FORGET_ACTOR_EMAIL =
  'UPDATE organization_audit_entries SET actor_email = NULL WHERE actor_id = ?'

/** Account deletion: the account as a user target, or its address as any target (two indexes). */
export const FORGET_TARGET_EMAIL = `
  UPDATE organization_audit_entries SET target_email = NULL
   WHERE (target_type = 'user' AND target_id = ?) OR lower(target_email) = ?`

/**
 * One page of the audit log, newest first, and one entry more, read from
 * an index in order (helpers/keyset.ts): one scan per action asked for
 * (each index led by the organization and the action), merged in order.
 * Whatever the log's size, it reads the page.
 */
export function auditPageStatement(
  organizationId: string,
  limit: number,
  actions?: AuditAction[],
  after?: KeysetPosition
) {
  const { values, bind } = bindings<string | number>()
  const organization = bind(organizationId)
  const size = bind(limit + 1)
  const bounds = after ? [pastBound('occurred_at', 'id', 'DESC', positionRow(after, bind))] : []
  const prefixes = actions?.length
    ? equalityPrefixes([{ column: 'action', values: [...new Set(actions)] }], bind)
    : [[]]
  const text = keysetWalk({
    select: `id, action, occurred_at, occurred_at::text AS cursor_key, actor_id, actor_email,
             target_type, target_id, target_email, details`,
    from: 'organization_audit_entries',
    scope: `organization_id = ${organization}`,
    prefixes,
    bounds,
    key: 'occurred_at',
    id: 'id',
    direction: 'DESC',
    keyColumn: 'occurred_at',
    idColumn: 'id',
    limit: size,
  })
  return { text, values }
}

function entryFromRow(row: Record<string, any>): AuditEntry {
  const target: AuditEntry['target'] = { type: row.target_type, id: row.target_id }
  if (row.target_type === 'user' || row.target_type === 'invitation') {
    target.email = row.target_email
  }
  return {
    id: row.id,
    action: row.action,
    occurredAt: row.occurred_at,
    actor: { userId: row.actor_id, email: row.actor_email },
    target,
    details: row.details,
  }
}
