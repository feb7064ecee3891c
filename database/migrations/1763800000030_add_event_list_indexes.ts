import { RELEASED_BEFORE_THE_RULES, SafeSchema } from '#database/safe_schema'

/**
 * One index per sort order of the event list (keyset pagination): a page
 * deep in the list is an index range scan like the first one. The target
 * date sorts put events without a date last in both directions, hence the
 * two expression indexes (infinity sorts after, -infinity before, every date).
 * The (organization_id, created_at, id) index also serves what the plain
 * organization_id index did.
 */
export default class extends SafeSchema {
  /** Released before the migration rules (docs/releasing.md): see RELEASED_BEFORE_THE_RULES. */
  static lintExceptions = {
    'require-concurrent-index-creation': RELEASED_BEFORE_THE_RULES,
    'require-concurrent-index-deletion': RELEASED_BEFORE_THE_RULES,
  }

  async up() {
    this.schema.raw(
      'CREATE INDEX events_organization_created_at_id_index ON events (organization_id, created_at, id)'
    )
    this.schema.raw(
      `CREATE INDEX events_organization_target_date_asc_index
         ON events (organization_id, (COALESCE(target_date, 'infinity'::timestamptz)), id)`
    )
    this.schema.raw(
      `CREATE INDEX events_organization_target_date_desc_index
         ON events (organization_id, (COALESCE(target_date, '-infinity'::timestamptz)), id)`
    )
    this.schema.raw('DROP INDEX IF EXISTS events_organization_id_index')
  }

  async down() {
    this.schema.raw('CREATE INDEX events_organization_id_index ON events (organization_id)')
    this.schema.raw('DROP INDEX events_organization_target_date_desc_index')
    this.schema.raw('DROP INDEX events_organization_target_date_asc_index')
    this.schema.raw('DROP INDEX events_organization_created_at_id_index')
  }
}
