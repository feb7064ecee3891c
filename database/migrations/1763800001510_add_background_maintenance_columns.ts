import { RELEASED_BEFORE_THE_RULES, SafeSchema } from '#database/safe_schema'

/**
 * What the background jobs (app/services/jobs) need:
 *
 * - `organizations.deleted_at`: set by DELETE /organizations/:id in its own
 *   transaction; from then on every membership check treats the
 *   organization as gone, and the purge job removes its rows in batches,
 *   the organization's own row last. The partial index finds the ones
 *   still waiting for their purge.
 * - The idempotency records of an organization's events name it only in
 *   their stored answer: an index on that path lets the purge find them
 *   without reading every organization's records.
 * - The retention jobs delete by age: idempotency records by `created_at`,
 *   audit entries by `occurred_at` (only when AUDIT_RETENTION_DAYS is set).
 *   Sessions already have their `expires_at` index; the token tables hold
 *   minutes to days of rows, which the jobs keep that way.
 *
 * The indexes on the two large tables are built CONCURRENTLY (outside a
 * transaction), so writes go on while they build.
 */
export default class extends SafeSchema {
  /** Released before the migration rules (docs/releasing.md): see RELEASED_BEFORE_THE_RULES. */
  static lintExceptions = {
    'require-concurrent-index-creation': RELEASED_BEFORE_THE_RULES,
  }

  static disableTransactions = true

  async up() {
    this.schema.alterTable('organizations', (table) => {
      table.timestamp('deleted_at', { useTz: true }).nullable()
    })
    this.schema.raw(
      `CREATE INDEX organizations_deleted_at_index ON organizations (deleted_at)
        WHERE deleted_at IS NOT NULL`
    )
    this.schema.raw(
      `CREATE INDEX CONCURRENTLY idempotency_keys_organization_index
         ON idempotency_keys ((response_body -> 'data' ->> 'organizationId'))
        WHERE response_body IS NOT NULL`
    )
    this.schema.raw(
      'CREATE INDEX CONCURRENTLY idempotency_keys_created_at_index ON idempotency_keys (created_at)'
    )
    this.schema.raw(
      `CREATE INDEX CONCURRENTLY organization_audit_entries_occurred_at_index
         ON organization_audit_entries (occurred_at)`
    )
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS organization_audit_entries_occurred_at_index')
    this.schema.raw('DROP INDEX IF EXISTS idempotency_keys_created_at_index')
    this.schema.raw('DROP INDEX IF EXISTS idempotency_keys_organization_index')
    this.schema.raw('DROP INDEX IF EXISTS organizations_deleted_at_index')
    this.schema.alterTable('organizations', (table) => {
      table.dropColumn('deleted_at')
    })
  }
}
