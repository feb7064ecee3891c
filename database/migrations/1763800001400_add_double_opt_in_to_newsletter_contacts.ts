import { RELEASED_BEFORE_THE_RULES, SafeSchema } from '#database/safe_schema'

/**
 * Double opt-in (contract, "The public subscribe form under attack"). See
 * app/services/newsletter/contact_confirmations.ts.
 *
 * - `unconfirmed`: asked for by the form, its confirmation email sent, not
 *   yet confirmed; never mailed anything else.
 * - `confirmation_request`: the form submission awaiting its confirmation
 *   (when, IP, user agent, page, language), moved into the consent record
 *   only once confirmed, so an unconfirmed re-submit of an unsubscribed
 *   address never overwrites the record of its earlier consent.
 * - `confirmation_sent_at`, `confirmations_sent`, `confirmation_window_started_at`:
 *   the resend budget (one per 10 minutes, 3 a day), claimed by a
 *   conditional UPDATE; `confirming_at`: a confirmation under way (its
 *   welcome email being sent), so two clicks send one welcome.
 * - The consent record gains how consent was given (`consent_method`: `api`
 *   or `double_opt_in`) and when and from where it was confirmed.
 */
export default class extends SafeSchema {
  /** Released before the migration rules (docs/releasing.md): see RELEASED_BEFORE_THE_RULES. */
  static lintExceptions = {
    'constraint-missing-not-valid': RELEASED_BEFORE_THE_RULES,
    'require-concurrent-index-creation': RELEASED_BEFORE_THE_RULES,
  }

  protected tableName = 'newsletter_contacts'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropChecks(['newsletter_contacts_status_check'])
    })
    this.schema.alterTable(this.tableName, (table) => {
      table.check(
        `status IN ('pending', 'unconfirmed', 'subscribed', 'unsubscribed')`,
        [],
        'newsletter_contacts_status_check'
      )
      table.string('consent_method', 20).nullable()
      table.check(
        `consent_method IN ('api', 'double_opt_in')`,
        [],
        'newsletter_contacts_consent_method_check'
      )
      table.timestamp('confirmed_at', { useTz: true }).nullable()
      table.string('confirm_ip', 45).nullable()
      table.string('confirm_user_agent', 512).nullable()
      table.jsonb('confirmation_request').nullable()
      table.timestamp('confirmation_sent_at', { useTz: true }).nullable()
      table.smallint('confirmations_sent').notNullable().defaultTo(0)
      table.timestamp('confirmation_window_started_at', { useTz: true }).nullable()
      table.timestamp('confirming_at', { useTz: true }).nullable()
    })
    // Every consent recorded so far was given through the API, in one step.
    this.defer(async (db) => {
      await db.from(this.tableName).whereNotNull('consented_at').update({ consent_method: 'api' })
    })
    // What newsletter:prune-unconfirmed walks.
    this.schema.raw(
      `CREATE INDEX newsletter_contacts_unconfirmed_sent_at
       ON newsletter_contacts (confirmation_sent_at) WHERE status = 'unconfirmed'`
    )
  }

  async down() {
    this.schema.raw('DROP INDEX newsletter_contacts_unconfirmed_sent_at')
    this.schema.alterTable(this.tableName, (table) => {
      table.dropChecks([
        'newsletter_contacts_status_check',
        'newsletter_contacts_consent_method_check',
      ])
      table.dropColumns(
        'consent_method',
        'confirmed_at',
        'confirm_ip',
        'confirm_user_agent',
        'confirmation_request',
        'confirmation_sent_at',
        'confirmations_sent',
        'confirmation_window_started_at',
        'confirming_at'
      )
    })
    this.defer(async (db) => {
      await db.from(this.tableName).where('status', 'unconfirmed').delete()
    })
    this.schema.alterTable(this.tableName, (table) => {
      table.check(
        `status IN ('pending', 'subscribed', 'unsubscribed')`,
        [],
        'newsletter_contacts_status_check'
      )
    })
  }
}
