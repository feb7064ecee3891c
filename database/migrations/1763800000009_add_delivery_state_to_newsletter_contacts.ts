import { RELEASED_BEFORE_THE_RULES, SafeSchema } from '#database/safe_schema'

/**
 * A contact is `pending` from its creation until its welcome email is sent,
 * then `subscribed`. See app/services/newsletter/database_contact_provider.ts.
 */
export default class extends SafeSchema {
  /** Released before the migration rules (docs/releasing.md): see RELEASED_BEFORE_THE_RULES. */
  static lintExceptions = {
    'adding-not-nullable-field': RELEASED_BEFORE_THE_RULES,
    'ban-drop-not-null': RELEASED_BEFORE_THE_RULES,
    'changing-column-type': RELEASED_BEFORE_THE_RULES,
    'constraint-missing-not-valid': RELEASED_BEFORE_THE_RULES,
  }

  protected tableName = 'newsletter_contacts'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('status', 20).notNullable().defaultTo('subscribed')
      table.check(`status IN ('pending', 'subscribed')`, [], 'newsletter_contacts_status_check')
    })
    // Rows written from now on say what they are.
    this.schema.alterTable(this.tableName, (table) => {
      table.string('status', 20).notNullable().defaultTo('pending').alter()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropChecks(['newsletter_contacts_status_check'])
      table.dropColumn('status')
    })
  }
}
