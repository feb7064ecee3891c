import { SafeSchema } from '#database/safe_schema'

/**
 * Pending invitations only: accepting or revoking one deletes its row, so
 * its link dies. One pending invitation per address and organization.
 */
export default class extends SafeSchema {
  protected tableName = 'organization_invitations'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table
        .uuid('organization_id')
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      // Stored lower-cased, like users.email.
      table.string('email', 254).notNullable()
      table.string('hash', 128).notNullable()
      table.uuid('invited_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['organization_id', 'email'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
