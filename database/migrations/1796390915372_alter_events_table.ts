import { SafeSchema } from '#database/safe_schema'

/**
 * Keep the previous release working on the new schema (docs/releasing.md,
 * "Expand, then contract"): new columns nullable or with a constant default,
 * constraints NOT VALID (validated by a post-deploy migration in
 * database/post_deploy/), no drop or rename of what it still reads.
 */
export default class extends SafeSchema {
  protected tableName = 'events'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
    })
  }
}