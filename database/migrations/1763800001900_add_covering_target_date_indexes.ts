import { SafeSchema } from '#database/safe_schema'

/**
 * The target-date indexes of the event list carry `target_date` itself, as
 * the created_at indexes do (migration 1763800001600).
 *
 * Why: the list's statements are prepared, and once PostgreSQL plans one
 * for any organization (the generic plan) it expects an average
 * organization's few dozen events. A created_at index then answered a
 * target-date sort by an index-only scan of the whole organization and a
 * sort: cheap for a few dozen events, 12 000 rows and 8 ms for a large
 * organization (`npm run bench -- --scale`, 2026-11-29). PostgreSQL reads
 * an expression index only-index when the columns of the expression are in
 * it; with `target_date` included, the sort's own index is index-only too,
 * already in order, and the cheaper plan for every organization size.
 * Checked by tests/functional/events/list_plans.spec.ts, generic plans
 * beside thousands of small organizations.
 *
 * Built CONCURRENTLY (outside a transaction): writes go on meanwhile.
 */
const TARGET_DATE_INDEXES = [
  {
    name: 'events_organization_target_date_asc_index',
    keys: `organization_id, (COALESCE(target_date, 'infinity'::timestamptz)), id`,
  },
  {
    name: 'events_organization_target_date_desc_index',
    keys: `organization_id, (COALESCE(target_date, '-infinity'::timestamptz)), id`,
  },
  {
    name: 'events_organization_type_status_target_date_asc_index',
    keys: `organization_id, event_type, status, (COALESCE(target_date, 'infinity'::timestamptz)), id`,
  },
  {
    name: 'events_organization_type_status_target_date_desc_index',
    keys: `organization_id, event_type, status, (COALESCE(target_date, '-infinity'::timestamptz)), id`,
  },
]

export default class extends SafeSchema {
  static disableTransactions = true

  async up() {
    for (const { name, keys } of TARGET_DATE_INDEXES) {
      this.schema.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${name}_covering`)
      this.schema.raw(
        `CREATE INDEX CONCURRENTLY ${name}_covering ON events (${keys}) INCLUDE (target_date)`
      )
      this.schema.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`)
      this.schema.raw(`ALTER INDEX ${name}_covering RENAME TO ${name}`)
    }
  }

  async down() {
    for (const { name, keys } of TARGET_DATE_INDEXES) {
      this.schema.raw(`CREATE INDEX CONCURRENTLY ${name}_plain ON events (${keys})`)
      this.schema.raw(`DROP INDEX CONCURRENTLY ${name}`)
      this.schema.raw(`ALTER INDEX ${name}_plain RENAME TO ${name}`)
    }
  }
}
