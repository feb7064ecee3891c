import type { AddressRecord, EventRecord } from '#types/event'

/** A row as pg returns it: timestamptz columns are Dates, kept as they are. */
export type Row = Record<string, any>

/** The address of a joined row (its columns prefixed `a__`), or null. */
function addressFromRow(row: Row): AddressRecord | null {
  if (!row.a__event_id) return null
  return {
    createdAt: row.a__created_at,
    updatedAt: row.a__updated_at,
    streetAddress: row.a__street_address,
    streetAddress2: row.a__street_address_2,
    city: row.a__city,
    state: row.a__state,
    postalCode: row.a__postal_code,
    country: row.a__country,
  }
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
