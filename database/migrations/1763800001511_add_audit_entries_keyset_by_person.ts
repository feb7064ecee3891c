import { SafeSchema } from '#database/safe_schema'

/**
 * The account export reads a person's audit entries (as actor, as target)
 * oldest first, in batches: an index per side in that order makes each
 * batch cost its rows, however many entries the person has. They lead with
 * the same columns as the single-column ones they replace, so every lookup
 * those served (account deletion's, an invitation's entry) they serve too.
 * Built CONCURRENTLY: writes go on meanwhile.
 */
export default class extends SafeSchema {
  static disableTransactions = true

  async up() {
    this.schema.raw(
      `CREATE INDEX CONCURRENTLY organization_audit_entries_actor_keyset_index
         ON organization_audit_entries (actor_id, occurred_at, id)`
    )
    this.schema.raw(
      `CREATE INDEX CONCURRENTLY organization_audit_entries_target_keyset_index
         ON organization_audit_entries (target_id, occurred_at, id)`
    )
    this.schema.raw('DROP INDEX CONCURRENTLY IF EXISTS organization_audit_entries_actor_id_index')
    this.schema.raw('DROP INDEX CONCURRENTLY IF EXISTS organization_audit_entries_target_id_index')
  }

  async down() {
    this.schema.raw(
      'CREATE INDEX organization_audit_entries_target_id_index ON organization_audit_entries (target_id)'
    )
    this.schema.raw(
      'CREATE INDEX organization_audit_entries_actor_id_index ON organization_audit_entries (actor_id)'
    )
    this.schema.raw('DROP INDEX organization_audit_entries_target_keyset_index')
    this.schema.raw('DROP INDEX organization_audit_entries_actor_keyset_index')
  }
}
