import { SafeSchema } from '#database/safe_schema'

/**
 * Checks the rows already in `events` against the check that migration
 * 1763800002200 added NOT VALID: a scan under a SHARE UPDATE EXCLUSIVE
 * lock, which lets reads and writes go on. Post-deploy (npm run
 * migration:post-deploy): once every instance runs the release that added it.
 */
export default class extends SafeSchema {
  async up() {
    this.schema.raw('ALTER TABLE events VALIDATE CONSTRAINT events_metadata_is_object')
  }

  async down() {}
}
