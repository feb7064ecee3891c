import { SafeSchema } from '#database/safe_schema'

export default class extends SafeSchema {
  protected tableName = 'account_tokens'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      // The address an email change moves to: set only on `email_change` tokens.
      table.string('email', 254).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('email')
    })
  }
}
