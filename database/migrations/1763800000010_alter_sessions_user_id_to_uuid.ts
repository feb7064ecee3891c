import { RELEASED_BEFORE_THE_RULES, SafeSchema } from '#database/safe_schema'

/**
 * The session store joins each session with its user (one statement per
 * request): `user_id` becomes a uuid like `users.id`, and the row goes with
 * its user.
 */
export default class extends SafeSchema {
  /** Released before the migration rules (docs/releasing.md): see RELEASED_BEFORE_THE_RULES. */
  static lintExceptions = {
    'adding-foreign-key-constraint': RELEASED_BEFORE_THE_RULES,
    'ban-drop-not-null': RELEASED_BEFORE_THE_RULES,
    'changing-column-type': RELEASED_BEFORE_THE_RULES,
    'constraint-missing-not-valid': RELEASED_BEFORE_THE_RULES,
  }

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
