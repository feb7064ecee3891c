import { SafeSchema } from '#database/safe_schema'

/**
 * The audit log of an organization: append-only (no route updates or
 * deletes an entry; deleting the organization removes its log). Emails are
 * copies taken when the entry was written; user ids carry no foreign key,
 * so an entry outlives the account it names.
 */
export default class extends SafeSchema {
  protected tableName = 'organization_audit_entries'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table
        .uuid('organization_id')
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.string('action', 64).notNullable()
      table.uuid('actor_id').notNullable()
      table.string('actor_email', 254).nullable()
      table.string('target_type', 16).notNullable()
      table.uuid('target_id').notNullable()
      table.string('target_email', 254).nullable()
      table.jsonb('details').notNullable().defaultTo('{}')
      table.timestamp('occurred_at', { useTz: true }).notNullable()
      // Newest first, the id breaking ties: the keyset of the audit-log route.
      table.index(['organization_id', 'occurred_at', 'id'])
      table.index(['actor_id'])
      table.index(['target_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
