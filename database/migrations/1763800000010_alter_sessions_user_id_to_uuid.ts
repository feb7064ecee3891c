import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The session store joins each session with its user (one statement per
 * request): `user_id` becomes a uuid like `users.id`, and the row goes with
 * its user.
 */
export default class extends BaseSchema {
  protected tableName = 'sessions'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.uuid('user_id').nullable().alter()
      table.foreign('user_id').references('id').inTable('users').onDelete('CASCADE')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropForeign('user_id')
      table.string('user_id').nullable().alter()
    })
  }
}
