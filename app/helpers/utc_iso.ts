import type { DateTime } from 'luxon'

/** Timestamps leave the service as ISO 8601 in UTC (`...Z`), whatever the server's zone. */
export function utcIso(value: DateTime | Date): string
export function utcIso(value: DateTime | Date | null): string | null
export function utcIso(value: DateTime | Date | null) {
  if (value instanceof Date) return value.toISOString()
  return value ? value.toUTC().toISO() : null
}
