import type { DateTime } from 'luxon'

/** Timestamps leave the service as ISO 8601 in UTC (`...Z`), whatever the server's zone. */
export function utcIso(value: DateTime): string
export function utcIso(value: DateTime | null): string | null
export function utcIso(value: DateTime | null) {
  return value ? value.toUTC().toISO() : null
}
