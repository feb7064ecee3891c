import { RELEASED_BEFORE_THE_RULES, SafeSchema } from '#database/safe_schema'

export default class extends SafeSchema {
  /** Released before the migration rules (docs/releasing.md): see RELEASED_BEFORE_THE_RULES. */
  static lintExceptions = {
    'constraint-missing-not-valid': RELEASED_BEFORE_THE_RULES,
  }

  protected tableName = 'newsletter_contacts'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      // The language the contact subscribed in, with the rest of its consent
      // record: its newsletter email is written in it (contract, Languages).
      table.string('consent_locale', 8).nullable()
      table.check(
        `consent_locale in ('en', 'fr')`,
        [],
        'newsletter_contacts_consent_locale_supported'
      )
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropChecks(['newsletter_contacts_consent_locale_supported'])
      table.dropColumn('consent_locale')
    })
  }
}
