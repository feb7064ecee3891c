import { RELEASED_BEFORE_THE_RULES, SafeSchema } from '#database/safe_schema'

/**
 * Unsubscribe, re-subscribe and consent (contract.md): a contact can be
 * `unsubscribed` and keeps its consent record (when, IP, user agent, page,
 * and when and how it left). An erased address leaves only a keyed one-way
 * hash in newsletter_erasures. See app/services/newsletter/.
 */
export default class extends SafeSchema {
  /** Released before the migration rules (docs/releasing.md): see RELEASED_BEFORE_THE_RULES. */
  static lintExceptions = {
    'constraint-missing-not-valid': RELEASED_BEFORE_THE_RULES,
  }

  protected tableName = 'newsletter_contacts'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropChecks(['newsletter_contacts_status_check'])
    })
    this.schema.alterTable(this.tableName, (table) => {
      table.check(
        `status IN ('pending', 'subscribed', 'unsubscribed')`,
        [],
        'newsletter_contacts_status_check'
      )
      table.timestamp('consented_at', { useTz: true }).nullable()
      table.string('consent_ip', 45).nullable()
      table.string('consent_user_agent', 512).nullable()
      table.string('consent_origin', 512).nullable()
      table.string('consent_referer', 1024).nullable()
      table.timestamp('unsubscribed_at', { useTz: true }).nullable()
      table.string('unsubscribed_via', 20).nullable()
    })
    // Subscriptions older than the consent record consented when they were created.
    this.defer(async (db) => {
      await db
        .from(this.tableName)
        .where('status', 'subscribed')
        .update({ consented_at: db.raw('created_at') })
    })

    this.schema.createTable('newsletter_erasures', (table) => {
      table.string('email_hash', 128).primary()
      table.timestamp('erased_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable('newsletter_erasures')
    this.schema.alterTable(this.tableName, (table) => {
      table.dropChecks(['newsletter_contacts_status_check'])
      table.dropColumns(
        'consented_at',
        'consent_ip',
        'consent_user_agent',
        'consent_origin',
        'consent_referer',
        'unsubscribed_at',
        'unsubscribed_via'
      )
    })
    this.defer(async (db) => {
      await db.from(this.tableName).where('status', 'unsubscribed').delete()
    })
    this.schema.alterTable(this.tableName, (table) => {
      table.check(`status IN ('pending', 'subscribed')`, [], 'newsletter_contacts_status_check')
    })
  }
}
