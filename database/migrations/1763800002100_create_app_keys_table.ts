import { SafeSchema } from '#database/safe_schema'

/**
 * The app keys the service has known (contract, "Secrets an operator can change"),
 * written by `node ace keys:rotate` and `keys:status` (app/services/platform/key_rotation.ts):
 *
 * - `fingerprint`: a one-way hash of the key, never the key;
 * - `retired_at`: when it was first seen in APP_PREVIOUS_KEYS, from which the last moment a
 *   session or link signed with it can still arrive is counted;
 * - `blind_index_key`: its blind-index key (derived one-way from it: it neither decrypts nor
 *   signs), encrypted under the current app key, so the recovery codes hashed under it are
 *   still found once it is gone. Re-encrypted by each rotation.
 *
 * A new table: additive only.
 */
export default class extends SafeSchema {
  protected tableName = 'app_keys'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('fingerprint', 64).primary()
      table.text('blind_index_key').nullable()
      table.timestamp('retired_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
