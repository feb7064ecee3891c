import { SafeSchema } from '#database/safe_schema'

/**
 * Each signed-in user's API quota (config/limiter.ts, `api_user`) when
 * the limiter is in PostgreSQL: requests `spent` in the window that ends at
 * `window_ends_at_ms` (milliseconds since the epoch, as the clocks of the
 * instances count it). Written only by app/session/session_read.ts, mostly
 * by the statement that reads the session; one row per user, gone with it.
 */
export default class extends SafeSchema {
  protected tableName = 'user_request_quotas'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE')
      table.integer('spent').notNullable()
      table.bigint('window_ends_at_ms').notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
