import { SafeSchema } from '#database/safe_schema'

/**
 * The proof-of-work solutions the subscribe form has accepted (NEWSLETTER_CAPTCHA=altcha),
 * by their challenge's signature (an HMAC, hex): each is accepted once, across instances
 * and races, by `INSERT … ON CONFLICT DO NOTHING`. A row is useless once its challenge has
 * expired (`expires_at`): each insert prunes a few such rows.
 */
export default class extends SafeSchema {
  protected tableName = 'newsletter_captcha_solutions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('signature', 128).primary()
      table.timestamp('expires_at', { useTz: true }).notNullable().index()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
