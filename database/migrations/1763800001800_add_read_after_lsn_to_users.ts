import { SafeSchema } from '#database/safe_schema'

/**
 * `users.read_after_lsn`: the primary's WAL position after the account's
 * last change (or a change that concerns it), written only while a read
 * replica is configured. A replica serves the account's reads once it has
 * replayed that far (app/services/platform/replicas/write_positions.ts).
 * Adding a nullable column without a default rewrites nothing.
 */
export default class extends SafeSchema {
  protected tableName = 'users'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.specificType('read_after_lsn', 'pg_lsn').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('read_after_lsn')
    })
  }
}
