import { SafeSchema } from '#database/safe_schema'

/** The role an invitation grants once accepted; invitations sent before roles existed grant `member`. */
export default class extends SafeSchema {
  protected tableName = 'organization_invitations'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table
        .specificType('role', 'organization_role')
        .notNullable()
        .defaultTo(this.raw(`'member'::organization_role`))
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('role')
    })
  }
}
