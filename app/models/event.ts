import { EventSchema } from '#database/schema'
import { compose } from '@adonisjs/core/helpers'
import { hasOne } from '@adonisjs/lucid/orm'
import type { HasOne } from '@adonisjs/lucid/types/relations'
import { withUuidV7 } from '#models/mixins/with_uuid_v7'
import EventAddress from '#models/event_address'
import { DEFAULT_CURRENCY, type EventMetadata } from '#types/event'

type JsonObject = { [key: string]: unknown }

/** Keys that could reach an object's prototype: never merged. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Deep merge of a PATCH into stored metadata: members not mentioned are
 * kept, nested objects merge member by member, null removes a member.
 */
function deepMerge(target: JsonObject, patch: JsonObject): JsonObject {
  const merged: JsonObject = { ...target }
  for (const [key, value] of Object.entries(patch)) {
    if (UNSAFE_KEYS.has(key) || value === undefined) continue
    if (value === null) {
      delete merged[key]
    } else if (isPlainObject(value)) {
      merged[key] = deepMerge(isPlainObject(target[key]) ? target[key] : {}, value)
    } else {
      merged[key] = value
    }
  }
  return merged
}

export default class Event extends compose(EventSchema, withUuidV7) {
  @hasOne(() => EventAddress)
  declare address: HasOne<typeof EventAddress>

  /**
   * The metadata after applying `patch` (spec, PATCH metadata). A budget
   * range without a currency gets CAD (spec); one that keeps its currency
   * keeps it.
   */
  static mergeMetadata(current: EventMetadata, patch: Record<string, unknown>): EventMetadata {
    const merged = deepMerge(current as JsonObject, patch) as EventMetadata
    if (merged.budgetRange && !merged.budgetRange.currency) {
      merged.budgetRange = { ...merged.budgetRange, currency: DEFAULT_CURRENCY }
    }
    return merged
  }
}
