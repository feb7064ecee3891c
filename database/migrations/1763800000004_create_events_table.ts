import { SafeSchema } from '#database/safe_schema'

export default class extends SafeSchema {
  protected tableName = 'events'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table
        .uuid('organization_id')
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.string('name', 255).notNullable()
      table.text('description').nullable()
      table.timestamp('target_date', { useTz: true }).nullable()
      table
        .enu(
          'status',
          ['BACKLOG', 'PLANNING', 'PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
          { useNative: true, enumName: 'event_status' }
        )
        .notNullable()
        .defaultTo('BACKLOG')
      table
        .enu('event_type', ['ONE_OFF', 'RECURRING'], { useNative: true, enumName: 'event_type' })
        .notNullable()
        .defaultTo('ONE_OFF')
      table.jsonb('metadata').notNullable().defaultTo('{}')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['organization_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
    this.schema.raw('DROP TYPE IF EXISTS event_status')
    this.schema.raw('DROP TYPE IF EXISTS event_type')
  }
}
