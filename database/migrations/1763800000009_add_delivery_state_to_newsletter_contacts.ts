import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A contact is `pending` from its creation until its welcome email is sent,
 * then `subscribed`. See app/services/newsletter/database_contact_provider.ts.
 */
export default class extends BaseSchema {
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
