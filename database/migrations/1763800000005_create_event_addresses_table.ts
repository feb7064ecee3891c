import { SafeSchema } from '#database/safe_schema'

export default class extends SafeSchema {
  protected tableName = 'event_addresses'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      // One address per event: the event id is the key, which makes PATCH an upsert.
      table.uuid('event_id').primary().references('id').inTable('events').onDelete('CASCADE')
      table.string('street_address', 200).nullable()
      table.string('street_address_2', 200).nullable()
      table.string('city', 100).notNullable()
      table.string('state', 100).nullable()
      table.string('postal_code', 20).nullable()
      table.string('country', 2).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
