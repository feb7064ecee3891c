import vine from '@vinejs/vine'
import postalCodes from 'postal-codes-js'
import {
  EVENT_CATEGORIES,
  EVENT_SORTS,
  EVENT_STATUSES,
  EVENT_TYPES,
  type EventMetadata,
} from '#types/event'
import { invalidField } from '#exceptions/validation_error_reporter'
import {
  choiceList,
  countryCode,
  currencyCode,
  isExplicitNull,
  CURSOR_MAX_LENGTH,
  isoDateTime,
  PAGE_SIZE_MAX,
  text,
  uuid,
} from '#validators/rules'
import { message } from '#exceptions/api_exception'

/** The spec's bounds of an event's fields, in characters (guests: a count). */
export const EVENT_BOUNDS = {
  name: 255,
  description: 5000,
  customCategory: 100,
  guests: 99999,
  streetAddress: 200,
  city: 100,
  state: { min: 2, max: 100 },
  postalCode: 20,
} as const

const guestNumber = () =>
  vine.number({ strict: true }).withoutDecimals().min(0).max(EVENT_BOUNDS.guests)
const amount = () => vine.number({ strict: true }).min(0)

/**
 * Metadata members: all optional; null is accepted everywhere (it removes the
 * member on PATCH and is simply not stored on create). Unknown members are
 * dropped by the schema.
 */
const metadata = () =>
  vine.object({
    category: vine.enum(EVENT_CATEGORIES).nullable().optional(),
    customCategory: text({ max: EVENT_BOUNDS.customCategory }).nullable().optional(),
    guestCount: vine
      .object({
        approximate: guestNumber().nullable().optional(),
        min: guestNumber().nullable().optional(),
        max: guestNumber().nullable().optional(),
      })
      .nullable()
      .optional(),
    budgetRange: vine
      .object({
        min: amount().nullable().optional(),
        max: amount().nullable().optional(),
        currency: currencyCode().nullable().optional(),
      })
      .nullable()
      .optional(),
  })

/**
 * Address members. `city` is required when an address is created; on PATCH
 * every member is optional (assertValidAddress, below, requires a city when
 * the event has no address yet). Optional members may be cleared with null
 * on PATCH.
 */
const address = (mode: 'create' | 'update') => {
  const city = text({ min: 1, max: EVENT_BOUNDS.city })
  return vine.object({
    streetAddress: text({ max: EVENT_BOUNDS.streetAddress }).nullable().optional(),
    streetAddress2: text({ max: EVENT_BOUNDS.streetAddress }).nullable().optional(),
    city: mode === 'create' ? city : city.optional().requiredWhen(isExplicitNull),
    state: text(EVENT_BOUNDS.state).nullable().optional(),
    postalCode: text({ max: EVENT_BOUNDS.postalCode }).toUpperCase().nullable().optional(),
    country: countryCode().nullable().optional(),
  })
}

const eventFields = () => ({
  name: text({ min: 1, max: EVENT_BOUNDS.name }),
  description: text({ max: EVENT_BOUNDS.description }).nullable().optional(),
  targetDate: isoDateTime().nullable().optional(),
  status: vine.enum(EVENT_STATUSES).optional(),
})

export const createEventValidator = vine.create({
  ...eventFields(),
  eventType: vine.enum(EVENT_TYPES).optional(),
  metadata: metadata().optional(),
  address: address('create').optional(),
  params: vine.object({ organizationId: uuid() }),
})

/** PATCH: every field optional, and no eventType (spec). */
export const updateEventValidator = vine.create({
  ...eventFields(),
  name: eventFields().name.optional().requiredWhen(isExplicitNull),
  status: vine.enum(EVENT_STATUSES).optional().requiredWhen(isExplicitNull),
  metadata: metadata().optional().requiredWhen(isExplicitNull),
  address: address('update').optional().requiredWhen(isExplicitNull),
  params: vine.object({ organizationId: uuid(), id: uuid() }),
})

export const showEventValidator = vine.create({
  params: vine.object({ organizationId: uuid(), id: uuid() }),
})

export const deleteEventValidator = showEventValidator

/** GET /organizations/:organizationId/events: the query string (contract, "Events beyond the spec"). */
export const listEventsValidator = vine.create({
  limit: vine.number().withoutDecimals().range([1, PAGE_SIZE_MAX]).optional(),
  cursor: vine.string().maxLength(CURSOR_MAX_LENGTH).optional(),
  status: choiceList(EVENT_STATUSES).optional(),
  eventType: vine.enum(EVENT_TYPES).optional(),
  targetDateFrom: isoDateTime().optional(),
  targetDateTo: isoDateTime().optional(),
  sort: vine.enum(EVENT_SORTS).optional(),
  params: vine.object({ organizationId: uuid() }),
})

/** The Idempotency-Key header of POST events: 1-255 printable ASCII characters. */
export const idempotencyKeyValidator = vine.create({
  idempotency_key: vine
    .string()
    .minLength(1)
    .maxLength(255)
    .regex(/^[\x20-\x7E]+$/)
    .optional(),
})

/*
 * Rules that judge the event as it would be stored, so on PATCH they need
 * the stored event: the service calls them with the merged result, inside
 * its transaction. They live here so that one file says what is valid.
 */

export type EventAddressInput = {
  city?: string | null
  postalCode?: string | null
  country?: string | null
}

/**
 * A range's min may not exceed its max, judged on the metadata that would be
 * stored (after a PATCH merge), so half of a range can change at a time.
 */
export function assertOrderedRanges(stored: EventMetadata) {
  for (const range of ['guestCount', 'budgetRange'] as const) {
    const { min, max } = stored[range] ?? {}
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      throw invalidField(`metadata.${range}.min`, 'range', message('errors.events.range_order'))
    }
  }
  return stored
}

/**
 * The address as it would be stored: it needs a city (a PATCH that creates
 * an address must give one), and its postal code must fit its country.
 */
export function assertValidAddress(stored: EventAddressInput) {
  if (!stored.city)
    throw invalidField('address.city', 'required', message('errors.events.city_required'))
  assertPostalCodeFitsCountry(stored)
}

/**
 * A postal code must fit the country of the resulting address (on PATCH the
 * stored country when none is supplied). Canada's format is the spec's:
 * letter-digit-letter, a space, digit-letter-digit.
 */
function assertPostalCodeFitsCountry({ postalCode, country }: EventAddressInput) {
  if (!postalCode || !country) return
  const valid =
    country === 'CA'
      ? /^[A-Z]\d[A-Z] \d[A-Z]\d$/.test(postalCode)
      : postalCodes.validate(country, postalCode) === true
  if (valid) return
  throw invalidField(
    'address.postalCode',
    'postal_code',
    message('errors.events.postal_code', { country })
  )
}
