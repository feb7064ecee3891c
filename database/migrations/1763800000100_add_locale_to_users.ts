import { RELEASED_BEFORE_THE_RULES, SafeSchema } from '#database/safe_schema'

export default class extends SafeSchema {
  /** Released before the migration rules (docs/releasing.md): see RELEASED_BEFORE_THE_RULES. */
  static lintExceptions = {
    'constraint-missing-not-valid': RELEASED_BEFORE_THE_RULES,
  }

  protected tableName = 'users'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      // Null until the owner picks a language: requests then negotiate one (contract, Languages).
      table.string('locale', 8).nullable()
      table.check(`locale in ('en', 'fr')`, [], 'users_locale_supported')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropChecks(['users_locale_supported'])
      table.dropColumn('locale')
    })
  }
}
