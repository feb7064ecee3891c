/**
 * The SQL of the event routes, each statement one round trip; the rows they
 * return are read by event_rows.ts. The hot ones run as named prepared
 * statements (app/helpers/prepared_statement.ts), so their text is fixed.
 */

/** The address columns of a row joined with `event_addresses a`, prefixed `a__` (eventFromRow). */
export const ADDRESS_COLUMNS = `
  a.event_id AS a__event_id, a.street_address AS a__street_address,
  a.street_address_2 AS a__street_address_2, a.city AS a__city, a.state AS a__state,
  a.postal_code AS a__postal_code, a.country AS a__country,
  a.created_at AS a__created_at, a.updated_at AS a__updated_at`

/**
 * The user's membership row with its organization's two-factor requirement
 * and, through it, the event and its address: $1 organization, $2 user, $3
 * event. The event is joined only through a membership of an organization
 * not deleted, so a non-member's request reads nothing of it.
 */
export const FIND_AS_MEMBER = `
  SELECT m.user_id IS NOT NULL AS is_member, o.require_two_factor,
         e.xmin::text AS row_version, e.*, ${ADDRESS_COLUMNS}
    FROM (SELECT 1) AS one
    LEFT JOIN organizations o ON o.id = $1 AND o.deleted_at IS NULL
    LEFT JOIN organization_members m ON m.organization_id = o.id AND m.user_id = $2
    LEFT JOIN events e
      ON m.user_id IS NOT NULL AND e.organization_id = m.organization_id AND e.id = $3
    LEFT JOIN event_addresses a ON a.event_id = e.id`

/**
 * The event and its address (when $17) in one statement, read back joined;
 * $1…$17 in the order of their values, so the same text serves knex (below).
 */
export const CREATE_EVENT = `
  WITH event AS (
    INSERT INTO events (id, organization_id, name, description, target_date, status, event_type,
                        metadata, created_at, updated_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::timestamptz, $10::timestamptz)
    RETURNING *, xmin::text AS row_version
  ), address AS (
    INSERT INTO event_addresses (event_id, street_address, street_address_2, city, state,
                                 postal_code, country, created_at, updated_at)
    SELECT id, $11, $12, $13, $14, $15, $16, created_at, created_at FROM event WHERE $17::boolean
    RETURNING *
  )
  SELECT event.*, ${ADDRESS_COLUMNS}
    FROM event LEFT JOIN address a ON true`

/** CREATE_EVENT with knex's placeholders, for the transaction of an idempotent create. */
export const CREATE_EVENT_IN_TRANSACTION = CREATE_EVENT.replace(/\$\d+/g, '?')

/** The event if still at version $9, then its address (when $18): the new version, or null. */
export const WRITE_EVENT = `
  WITH updated AS (
    UPDATE events
       SET name = $1, description = $2, target_date = $3, status = $4, event_type = $5,
           metadata = $6::jsonb, updated_at = $7
     WHERE id = $8 AND xmin::text = $9
    RETURNING id, xmin::text AS version
  ), address AS (
    INSERT INTO event_addresses (event_id, street_address, street_address_2, city, state,
                                 postal_code, country, created_at, updated_at)
    SELECT id, $10, $11, $12, $13, $14, $15, $16::timestamptz, $17::timestamptz FROM updated WHERE $18::boolean
    ON CONFLICT (event_id) DO UPDATE
       SET street_address = EXCLUDED.street_address, street_address_2 = EXCLUDED.street_address_2,
           city = EXCLUDED.city, state = EXCLUDED.state, postal_code = EXCLUDED.postal_code,
           country = EXCLUDED.country, updated_at = EXCLUDED.updated_at
  )
  SELECT (SELECT version FROM updated) AS version`

/** What the statements write of an address: each member given, or null. */
type AddressValues = {
  streetAddress?: string | null
  streetAddress2?: string | null
  city?: string | null
  state?: string | null
  postalCode?: string | null
  country?: string | null
}

/** The values of an address's six columns in the order CREATE_EVENT and WRITE_EVENT bind them. */
export function addressValues(address: AddressValues | null | undefined) {
  return [
    address?.streetAddress ?? null,
    address?.streetAddress2 ?? null,
    address?.city ?? null,
    address?.state ?? null,
    address?.postalCode ?? null,
    address?.country ?? null,
  ]
}

/** The event of the organization (its address goes with it, ON DELETE CASCADE): its name. */
export const DELETE_EVENT = `
  DELETE FROM events WHERE organization_id = ? AND id = ? RETURNING name`
