/** Event status values, exactly as the spec lists them. */
export const EVENT_STATUSES = [
  'BACKLOG',
  'PLANNING',
  'PLANNED',
  'IN_PROGRESS',
  'COMPLETED',
  'CANCELLED',
] as const
export type EventStatus = (typeof EVENT_STATUSES)[number]

export const EVENT_TYPES = ['ONE_OFF', 'RECURRING'] as const
export type EventType = (typeof EVENT_TYPES)[number]

/** Sort orders of the event list; a leading '-' is descending. */
export const EVENT_SORTS = ['createdAt', '-createdAt', 'targetDate', '-targetDate'] as const
export type EventSort = (typeof EVENT_SORTS)[number]

export const EVENT_CATEGORIES = ['wedding', 'birthday', 'graduation', 'proposal', 'other'] as const
export type EventCategory = (typeof EVENT_CATEGORIES)[number]

/** Used when a budgetRange is created without a currency (spec). */
export const DEFAULT_CURRENCY = 'CAD'

export type GuestCount = {
  approximate?: number | null
  min?: number | null
  max?: number | null
}

export type BudgetRange = {
  min?: number | null
  max?: number | null
  currency?: string | null
}

/** The stored metadata: every member optional, nulls never stored. */
export type EventMetadata = {
  category?: EventCategory
  customCategory?: string
  guestCount?: GuestCount
  budgetRange?: BudgetRange
}

/**
 * An event as the service hands it out: plain data read straight from its
 * row (the hot GET/PATCH/list paths build no ORM instance: hydrating Lucid
 * models cost more CPU than the rest of the controller), its times as the
 * driver returns them (Dates, no Luxon on the hot path).
 */
export type EventRecord = {
  id: string
  organizationId: string
  name: string
  description: string | null
  targetDate: Date | null
  status: EventStatus
  eventType: EventType
  metadata: EventMetadata
  address: AddressRecord | null
  createdAt: Date
  updatedAt: Date
}

/** An event's address; the members never given are null. */
export type AddressRecord = {
  streetAddress: string | null
  streetAddress2: string | null
  city: string
  state: string | null
  postalCode: string | null
  country: string | null
  createdAt: Date
  updatedAt: Date
}
