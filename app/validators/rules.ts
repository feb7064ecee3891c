import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import currencyCodes from 'currency-codes'
import countries from 'i18n-iso-countries'

/**
 * Text PostgreSQL can store as given: no U+0000 and no lone surrogate (it
 * would be stored as U+FFFD and read back differently). A 400 for the
 * field, never a 500 or a silent change.
 */
export const withoutNulCharacter = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  if (value.includes('\u0000')) {
    field.report('The {{ field }} field must not contain NUL characters', 'no_nul', field)
  } else if (!value.isWellFormed()) {
    field.report('The {{ field }} field must be valid Unicode text', 'unicode', field)
  }
})

/**
 * Length bounds in characters (code points), as the spec and PostgreSQL's
 * varchar count them, not in UTF-16 units: 255 emoji are a valid name.
 */
export const characters = vine.createRule(
  (value, { min, max }: { min?: number; max?: number }, field) => {
    if (typeof value !== 'string') return
    const length = [...value].length
    if (min !== undefined && length < min) {
      field.report(
        'The {{ field }} field must have at least {{ min }} characters',
        'minLength',
        field,
        {
          min,
        }
      )
    } else if (max !== undefined && length > max) {
      field.report(
        'The {{ field }} field must not be greater than {{ max }} characters',
        'maxLength',
        field,
        { max }
      )
    }
  },
  {
    // JSON Schema counts code points too, so the document states the same bounds.
    toJSONSchema: (schema, { min, max }) => {
      if (min !== undefined) schema.minLength = min
      if (max !== undefined) schema.maxLength = max
    },
  }
)

/** A list's page: `limit` from 1 to this (events, audit log). */
export const PAGE_SIZE_MAX = 100

/** An opaque page cursor, as the list answered it. */
export const CURSOR_MAX_LENGTH = 1000

/** An ISO 8601 date-time is never longer (the longest offset and fraction fit). */
export const DATE_TIME_MAX_LENGTH = 64

/** A trimmed, storable string, optionally bounded in characters: the base of every text field. */
export const text = (bounds: { min?: number; max?: number } = {}) =>
  vine.string().trim().use(withoutNulCharacter()).use(characters(bounds))

/**
 * An ISO 8601 date-time (or date), as a UTC DateTime. It must start with a
 * calendar date (Luxon alone would read "10" as today at 10:00) and a
 * four-digit year (PostgreSQL's range). A value without an offset (a bare
 * date such as "2027-06-12", or a time without a zone) is read as UTC, so
 * it means the same instant whatever the server's TZ.
 */
export const isoDateTime = () =>
  vine
    .string()
    .trim()
    .maxLength(DATE_TIME_MAX_LENGTH)
    .use(
      vine.createRule(
        (value, _options, field) => {
          if (
            typeof value === 'string' &&
            !(
              /^\d{4}-\d{2}-\d{2}(?:$|T)/.test(value) &&
              DateTime.fromISO(value, { zone: 'utc' }).isValid
            )
          ) {
            field.report('The {{ field }} field must be an ISO 8601 date-time', 'iso8601', field)
          }
        },
        {
          toJSONSchema: (schema) => {
            schema.description =
              'ISO 8601 date-time or calendar date (e.g. 2027-03-01T18:30:00-05:00)'
            schema.pattern = String.raw`^\s*\d{4}-\d{2}-\d{2}(\s*$|T)`
          },
        }
      )()
    )
    // Runs for null too when the field is nullable: null stays null.
    .transform((value: string | null) =>
      value === null ? null : DateTime.fromISO(value, { zone: 'utc', setZone: true }).toUTC()
    )

/** An ISO 4217 currency code in any case, upper-cased. */
export const currencyCode = () =>
  text()
    .toUpperCase()
    .use(
      vine.createRule(
        (value, _options, field) => {
          if (typeof value !== 'string' || !currencyCodes.code(value)) {
            field.report(
              'The {{ field }} field must be an ISO 4217 currency code',
              'currency',
              field
            )
          }
        },
        {
          toJSONSchema: (schema) => {
            schema.description = 'ISO 4217 currency code, any case (stored upper-cased)'
            schema.pattern = '^\\s*[A-Za-z]{3}\\s*$'
            // Surrounding spaces are trimmed, but a client sends the three letters.
            schema.maxLength = 3
          },
        }
      )()
    )

/** An ISO 3166-1 alpha-2 country code in any case, upper-cased. */
export const countryCode = () =>
  text()
    .toUpperCase()
    .use(
      vine.createRule(
        (value, _options, field) => {
          if (typeof value !== 'string' || value.length !== 2 || !countries.isValid(value)) {
            field.report(
              'The {{ field }} field must be an ISO 3166-1 alpha-2 country code',
              'country',
              field
            )
          }
        },
        {
          toJSONSchema: (schema) => {
            schema.description = 'ISO 3166-1 alpha-2 country code, any case (stored upper-cased)'
            schema.pattern = '^\\s*[A-Za-z]{2}\\s*$'
            // Surrounding spaces are trimmed, but a client sends the two letters.
            schema.maxLength = 2
          },
        }
      )()
    )

/** A path id: any UUID (ours are v7). */
export const uuid = () => vine.string().uuid()

/**
 * For `.optional().requiredWhen(isExplicitNull)`: VineJS treats null like a
 * missing field, but on PATCH a null for a field that cannot be cleared is
 * a mistake to report, not an instruction to ignore.
 */
export const isExplicitNull = (field: FieldContext) => field.parent?.[field.name] === null
