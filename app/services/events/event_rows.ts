import type { AddressRecord, EventRecord } from '#types/event'

/** A row as pg returns it: timestamptz columns are Dates, kept as they are. */
export type Row = Record<string, any>

/** The address of a joined row (its columns prefixed `a__`), or null. */
function addressFromRow(row: Row): AddressRecord | null {
  if (!row.a__event_id) return null
  const {
    a__created_at: createdAt,
    a__updated_at: updatedAt,
    a__street_address: streetAddress,
    a__street_address_2: streetAddress2,
    a__city: city,
    a__state: state,
    a__postal_code: postalCode,
    a__country: country,
  } = row
  return { createdAt, updatedAt, streetAddress, streetAddress2, city, state, postalCode, country }
}

/** An event of a joined row (event columns, then address columns prefixed `a__`), or null. */
export function eventFromRow(row: Row): EventRecord | null {
  if (!row.id) return null
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    description: row.description,
    targetDate: row.target_date,
    status: row.status,
    eventType: row.event_type,
    metadata: row.metadata,
    address: addressFromRow(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
