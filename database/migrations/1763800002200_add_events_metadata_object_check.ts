import { SafeSchema } from '#database/safe_schema'

/**
 * `events.metadata` is a JSON object (contract: the validator accepts
 * nothing else), now said by the table too, so no other writer (a job, a
 * hand-made fix) can store an array or a scalar the API would then serve.
 *
 * Expand, then contract (docs/releasing.md): the check is added NOT VALID,
 * which takes `events`' ACCESS EXCLUSIVE lock for a moment but reads no
 * row; the previous release never writes anything else, so it keeps
 * working. The rows already there are checked by the post-deploy migration
 * database/post_deploy/1763800002201_validate_events_metadata_object_check.ts,
 * a scan that lets reads and writes go on.
 */
export default class extends SafeSchema {
  async up() {
    this.schema.raw(
      `ALTER TABLE events ADD CONSTRAINT events_metadata_is_object
         CHECK (jsonb_typeof(metadata) = 'object') NOT VALID`
    )
  }

  async down() {
    this.schema.raw('ALTER TABLE events DROP CONSTRAINT IF EXISTS events_metadata_is_object')
  }
}
