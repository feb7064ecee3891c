import { SafeSchema } from '#database/safe_schema'

/**
 * Idempotency-Key of event creation, per caller: the claim (status null
 * while the first request runs) and then its answer, replayed for 24 h.
 */
export default class extends SafeSchema {
  protected tableName = 'idempotency_keys'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('key', 255).notNullable()
      table.string('request_hash', 64).notNullable()
      table.uuid('claim').notNullable()
      table.smallint('response_status').nullable()
      table.jsonb('response_body').nullable()
      table.text('response_etag').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.raw('now()'))
      table.primary(['user_id', 'key'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
