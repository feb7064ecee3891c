import db from '@adonisjs/lucid/services/db'
import type Organization from '#models/organization'
import { EventFactory } from '#database/factories/event_factory'

/** The path of an organization's events, or of one of them. */
export function eventsPath(organizationId: string, eventId?: string) {
  return `/organizations/${organizationId}/events${eventId ? `/${eventId}` : ''}`
}

export function eventOf(organization: Organization, attributes: Record<string, unknown> = {}) {
  return EventFactory.merge({ organizationId: organization.id, ...attributes }).create()
}

/** A UUID v7, as the service generates. */
export const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** An ISO 8601 UTC timestamp with milliseconds, as the API writes them. */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** The event as PostgreSQL holds it (events and event_addresses), in the API's shape. */
export async function storedEvent(id: string) {
  const row = await db.from('events').where('id', id).firstOrFail()
  const address = await db.from('event_addresses').where('event_id', id).first()
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    description: row.description,
    targetDate: row.target_date ? row.target_date.toISOString() : null,
    status: row.status,
    eventType: row.event_type,
    metadata: row.metadata,
    address: address
      ? {
          streetAddress: address.street_address,
          streetAddress2: address.street_address_2,
          city: address.city,
          state: address.state,
          postalCode: address.postal_code,
          country: address.country,
        }
      : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

/** One entry of a 400 body, with the contract's code `input.<field path>.<rule>`. */
export function fieldError(field: string, rule: string, message: string) {
  return { field, message, rule, code: `input.${field}.${rule}` }
}
