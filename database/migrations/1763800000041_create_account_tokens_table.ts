import { SafeSchema } from '#database/safe_schema'

/**
 * Emailed tokens (password reset, email verification): only the hash of the
 * secret is stored. A token is spent or voided by deleting its row.
 */
export default class extends SafeSchema {
  protected tableName = 'account_tokens'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('purpose', 32).notNullable()
      table.string('hash', 128).notNullable()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['user_id', 'purpose'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
