import { SafeSchema } from '#database/safe_schema'

export default class extends SafeSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      // Stored lower-cased: the unique index is what makes emails case-insensitive.
      table.string('email', 254).notNullable().unique()
      table.string('full_name', 255).nullable()
      table.string('password').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
