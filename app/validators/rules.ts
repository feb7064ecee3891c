import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import currencyCodes from 'currency-codes'
import countries from 'i18n-iso-countries'

/**
 * PostgreSQL cannot store U+0000 in text: such a string is a 400 for its
 * field, never a 500 from the database.
 */
export const withoutNulCharacter = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && value.includes('\u0000')) {
    field.report('The {{ field }} field must not contain NUL characters', 'no_nul', field)
  }
})

/** A trimmed string free of NUL characters: the base of every text field. */
export const text = () => vine.string().trim().use(withoutNulCharacter())

/** An ISO 8601 date-time (or date), as a UTC DateTime. */
export const isoDateTime = () =>
  vine
    .string()
    .trim()
    .use(
      vine.createRule((value, _options, field) => {
        if (typeof value === 'string' && !DateTime.fromISO(value).isValid) {
          field.report('The {{ field }} field must be an ISO 8601 date-time', 'iso8601', field)
        }
      })()
    )
    // Runs for null too when the field is nullable: null stays null.
    .transform((value: string | null) =>
      value === null ? null : DateTime.fromISO(value, { setZone: true }).toUTC()
    )

/** An ISO 4217 currency code in any case, upper-cased. */
export const currencyCode = () =>
  text()
    .toUpperCase()
    .use(
      vine.createRule((value, _options, field) => {
        if (typeof value !== 'string' || !currencyCodes.code(value)) {
          field.report('The {{ field }} field must be an ISO 4217 currency code', 'currency', field)
        }
      })()
    )

/** An ISO 3166-1 alpha-2 country code in any case, upper-cased. */
export const countryCode = () =>
  text()
    .toUpperCase()
    .use(
      vine.createRule((value, _options, field) => {
        if (typeof value !== 'string' || value.length !== 2 || !countries.isValid(value)) {
          field.report(
            'The {{ field }} field must be an ISO 3166-1 alpha-2 country code',
            'country',
            field
          )
        }
      })()
    )

/** A path id: any UUID (ours are v7). */
export const uuid = () => vine.string().uuid()

/**
 * For `.optional().requiredWhen(isExplicitNull)`: VineJS treats null like a
 * missing field, but on PATCH a null for a field that cannot be cleared is
 * a mistake to report, not an instruction to ignore.
 */
export const isExplicitNull = (field: FieldContext) => field.parent?.[field.name] === null
