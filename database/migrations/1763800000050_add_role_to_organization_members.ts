import { RELEASED_BEFORE_THE_RULES, SafeSchema } from '#database/safe_schema'

/**
 * Roles inside an organization (contract). Existing data: the earliest
 * member of each organization becomes its owner, every other member an
 * admin, so nobody loses a right they had except acting on the owner.
 */
export default class extends SafeSchema {
  /** Released before the migration rules (docs/releasing.md): see RELEASED_BEFORE_THE_RULES. */
  static lintExceptions = {
    'require-concurrent-index-creation': RELEASED_BEFORE_THE_RULES,
  }

  protected tableName = 'organization_members'

  async up() {
    this.schema.raw(`CREATE TYPE organization_role AS ENUM ('owner', 'admin', 'member')`)
    this.schema.alterTable(this.tableName, (table) => {
      table
        .specificType('role', 'organization_role')
        .notNullable()
        .defaultTo(this.raw(`'admin'::organization_role`))
    })
    this.schema.raw(`
        UPDATE organization_members m SET role = 'owner'
          FROM (SELECT DISTINCT ON (organization_id) organization_id, user_id
                  FROM organization_members
                 ORDER BY organization_id, created_at, user_id) earliest
         WHERE m.organization_id = earliest.organization_id AND m.user_id = earliest.user_id`)
    this.schema.raw(
      `ALTER TABLE organization_members ALTER COLUMN role SET DEFAULT 'member'::organization_role`
    )
    // Counting an organization's owners under its row lock reads this index only.
    this.schema.raw(
      `CREATE INDEX organization_members_owners_index ON organization_members (organization_id) WHERE role = 'owner'`
    )
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('role')
    })
    this.schema.raw('DROP TYPE organization_role')
  }
}
