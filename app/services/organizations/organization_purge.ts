import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { jobs } from '#config/jobs'

/** Where a purge stands: rows deleted so far by table. */
export type PurgeProgress = Record<string, number>

export type PurgeOptions = {
  /** Checked between batches: a purge stopped here resumes on its next run. */
  signal?: AbortSignal
  batchSize?: number
  /** Called after each batch with the keys of the rows it deleted. */
  onBatch?: (table: string, keys: string[]) => void
}

/** A table whose rows are keyed by `id`: chosen, locked and deleted by it. */
function byId(table: string) {
  return {
    table,
    statement: `
      WITH batch AS MATERIALIZED (
        SELECT id FROM ${table} WHERE organization_id = :organizationId
         LIMIT :size FOR UPDATE SKIP LOCKED)
      DELETE FROM ${table} t USING batch WHERE t.id = batch.id
      RETURNING t.id::text AS key`,
  }
}

/**
 * One batch of one table: the next rows of the organization, chosen and
 * locked in one statement with SKIP LOCKED, so two purges of the same
 * organization at once (a job retried elsewhere while its first run still
 * goes) take different rows and never wait for each other; then deleted.
 * Each returns the keys it deleted. Events take their addresses with them
 * (ON DELETE CASCADE, a handful of index look-ups per batch).
 */
export const PURGE_STEPS: { table: string; statement: string }[] = [
  byId('events'),
  byId('organization_audit_entries'),
  byId('organization_invitations'),
  {
    table: 'organization_members',
    statement: `
      WITH batch AS MATERIALIZED (
        SELECT user_id FROM organization_members WHERE organization_id = :organizationId
         LIMIT :size FOR UPDATE SKIP LOCKED)
      DELETE FROM organization_members m USING batch
       WHERE m.organization_id = :organizationId AND m.user_id = batch.user_id
      RETURNING m.user_id::text AS key`,
  },
  {
    table: 'idempotency_keys',
    // By row address (a TID scan): a join back by key may read the whole table instead.
    statement: `
      WITH batch AS MATERIALIZED (
        SELECT ctid FROM idempotency_keys WHERE organization_id = :organizationId
         LIMIT :size FOR UPDATE SKIP LOCKED)
      DELETE FROM idempotency_keys k WHERE k.ctid = ANY(ARRAY(SELECT ctid FROM batch))
      RETURNING k.user_id::text || ' ' || k.key AS key`,
  },
]

/**
 * The purge of a deleted organization (contract, "Data that grows"): its
 * rows go table by table in batches of `jobs.purgeBatchSize`, each its own
 * short transaction, so no lock or transaction is held long enough to slow
 * another organization; its own row goes last. Whatever a run leaves (it
 * was stopped, or its process died) the next run finds and deletes: the
 * rows themselves are the progress. Only organizations marked deleted are
 * purged.
 */
@inject()
export default class OrganizationPurge {
  async run(organizationId: string, options: PurgeOptions = {}): Promise<PurgeProgress> {
    const { signal, batchSize = jobs.purgeBatchSize, onBatch } = options
    const progress: PurgeProgress = {}
    const marked = await db
      .from('organizations')
      .where('id', organizationId)
      .whereNotNull('deleted_at')
      .first()
    if (!marked) return progress

    for (const { table, statement } of PURGE_STEPS) {
      progress[table] = 0
      // Until a batch finds nothing: fewer rows than asked may only mean another run holds some.
      for (;;) {
        signal?.throwIfAborted()
        const { rows } = await db.rawQuery<{ rows: { key: string }[] }>(statement, {
          organizationId,
          size: batchSize,
        })
        if (rows.length === 0) break
        progress[table] += rows.length
        onBatch?.(
          table,
          rows.map((row) => row.key)
        )
      }
    }
    signal?.throwIfAborted()
    // Anything written by a request that passed its membership check just before the deletion
    // goes with the row (ON DELETE CASCADE): at most a few rows by now.
    await db.from('organizations').where('id', organizationId).whereNotNull('deleted_at').delete()
    return progress
  }

  /** Organizations marked deleted and not yet purged, oldest first (the sweep re-enqueues them). */
  async pending(limit: number) {
    const rows: { id: string }[] = await db
      .from('organizations')
      .whereNotNull('deleted_at')
      .orderBy('deleted_at')
      .limit(limit)
      .select('id')
    return rows.map((row) => row.id)
  }
}
