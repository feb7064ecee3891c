import { RELEASED_BEFORE_THE_RULES, SafeSchema } from '#database/safe_schema'

/**
 * Indexes that bound every list and look-up by the page (contract, "Data
 * that grows"); the plans they give are checked by
 * tests/functional/events/list_plans.spec.ts and
 * tests/functional/organizations/lookup_plans.spec.ts.
 *
 * - The event list: status and event type are equality prefixes in front
 *   of each sort key (one scan per type and status, merged in order); the
 *   created_at indexes carry target_date, so the date range a created_at
 *   page filters on is read from the index itself, never from the table.
 * - The audit log: its action filter in front of its order.
 * - Account deletion: audit entries naming the address (lower-cased), and
 *   the invitations the account sent.
 * - Idempotency records name the organization they were taken in, so an
 *   organization's purge finds them by an index on that column (the
 *   records written before it are matched from their stored answer once,
 *   here, and the index on that JSON path goes).
 *
 * Built CONCURRENTLY (outside a transaction): writes go on meanwhile.
 */
export default class extends SafeSchema {
  /** Released before the migration rules (docs/releasing.md): see RELEASED_BEFORE_THE_RULES. */
  static lintExceptions = {
    'adding-foreign-key-constraint': RELEASED_BEFORE_THE_RULES,
  }

  static disableTransactions = true

  async up() {
    this.schema.raw(
      `CREATE INDEX CONCURRENTLY events_organization_created_at_walk_index
         ON events (organization_id, created_at, id) INCLUDE (target_date)`
    )
    this.schema.raw('DROP INDEX CONCURRENTLY IF EXISTS events_organization_created_at_id_index')
    this.schema.raw(
      `CREATE INDEX CONCURRENTLY events_organization_type_status_created_at_index
         ON events (organization_id, event_type, status, created_at, id) INCLUDE (target_date)`
    )
    this.schema.raw(
      `CREATE INDEX CONCURRENTLY events_organization_type_status_target_date_asc_index
         ON events (organization_id, event_type, status,
                    (COALESCE(target_date, 'infinity'::timestamptz)), id)`
    )
    this.schema.raw(
      `CREATE INDEX CONCURRENTLY events_organization_type_status_target_date_desc_index
         ON events (organization_id, event_type, status,
                    (COALESCE(target_date, '-infinity'::timestamptz)), id)`
    )
    this.schema.raw(
      `CREATE INDEX CONCURRENTLY organization_audit_entries_action_keyset_index
         ON organization_audit_entries (organization_id, action, occurred_at, id)`
    )
    this.schema.raw(
      `CREATE INDEX CONCURRENTLY organization_audit_entries_target_email_index
         ON organization_audit_entries (lower(target_email)) WHERE target_email IS NOT NULL`
    )
    this.schema.raw(
      `CREATE INDEX CONCURRENTLY organization_invitations_invited_by_index
         ON organization_invitations (invited_by) WHERE invited_by IS NOT NULL`
    )
    this.schema.raw(
      `ALTER TABLE idempotency_keys ADD COLUMN organization_id uuid
         REFERENCES organizations (id) ON DELETE CASCADE`
    )
    this.schema.raw(
      `UPDATE idempotency_keys k SET organization_id = o.id
         FROM organizations o
        WHERE k.response_body IS NOT NULL
          AND o.id::text = k.response_body -> 'data' ->> 'organizationId'`
    )
    this.schema.raw(
      `CREATE INDEX CONCURRENTLY idempotency_keys_organization_id_index
         ON idempotency_keys (organization_id) WHERE organization_id IS NOT NULL`
    )
    this.schema.raw('DROP INDEX CONCURRENTLY IF EXISTS idempotency_keys_organization_index')
  }

  async down() {
    this.schema.raw(
      `CREATE INDEX idempotency_keys_organization_index
         ON idempotency_keys ((response_body -> 'data' ->> 'organizationId'))
        WHERE response_body IS NOT NULL`
    )
    this.schema.raw('ALTER TABLE idempotency_keys DROP COLUMN organization_id')
    this.schema.raw('DROP INDEX organization_invitations_invited_by_index')
    this.schema.raw('DROP INDEX organization_audit_entries_target_email_index')
    this.schema.raw('DROP INDEX organization_audit_entries_action_keyset_index')
    this.schema.raw('DROP INDEX events_organization_type_status_target_date_desc_index')
    this.schema.raw('DROP INDEX events_organization_type_status_target_date_asc_index')
    this.schema.raw('DROP INDEX events_organization_type_status_created_at_index')
    this.schema.raw(
      'CREATE INDEX events_organization_created_at_id_index ON events (organization_id, created_at, id)'
    )
    this.schema.raw('DROP INDEX events_organization_created_at_walk_index')
  }
}
