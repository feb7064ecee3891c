import { SafeSchema } from '#database/safe_schema'

export default class extends SafeSchema {
  protected tableName = 'newsletter_contacts'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      // Trimmed and lower-cased by the validator; the unique index decides the 409.
      table.string('email', 254).notNullable().unique()
      table.timestamp('created_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
