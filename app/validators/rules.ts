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

/**
 * A code of `letters` letters from an ISO list, in any case, upper-cased:
 * `isValid` says whether the list holds it; `standard` names the list in the
 * message and the document.
 */
const isoCode = (
  letters: number,
  standard: string,
  rule: string,
  isValid: (code: string) => boolean
) =>
  text()
    .toUpperCase()
    .use(
      vine.createRule(
        (value, _options, field) => {
          if (typeof value !== 'string' || value.length !== letters || !isValid(value)) {
            field.report(`The {{ field }} field must be an ${standard} code`, rule, field)
          }
        },
        {
          toJSONSchema: (schema) => {
            schema.description = `${standard} code, any case (stored upper-cased)`
            schema.pattern = `^\\s*[A-Za-z]{${letters}}\\s*$`
            // Surrounding spaces are trimmed, but a client sends the letters alone.
            schema.maxLength = letters
          },
        }
      )()
    )

/** An ISO 4217 currency code in any case, upper-cased. */
export const currencyCode = () =>
  isoCode(3, 'ISO 4217 currency', 'currency', (code) => Boolean(currencyCodes.code(code)))

/** An ISO 3166-1 alpha-2 country code in any case, upper-cased. */
export const countryCode = () =>
  isoCode(2, 'ISO 3166-1 alpha-2 country', 'country', (code) => countries.isValid(code))

/** A path id: any UUID (ours are v7). */
export const uuid = () => vine.string().uuid()

/**
 * For `.optional().requiredWhen(isExplicitNull)`: VineJS treats null like a
 * missing field, but on PATCH a null for a field that cannot be cleared is
 * a mistake to report, not an instruction to ignore.
 */
export const isExplicitNull = (field: FieldContext) => field.parent?.[field.name] === null

/**
 * A list parameter of the query string: one or more of `choices`, in every
 * form a client sends a list (contract, "Browser clients"): a raw comma
 * (`a,b`, split by the query-string parser), an encoded one (`a%2Cb`, what
 * URLSearchParams sends, arriving as one string, split here) or repeated
 * keys, mixed as they come; duplicates are dropped. Every list parameter of
 * the API is one of these, so all routes read lists alike, and its JSON
 * Schema is the array the OpenAPI document gives clients.
 */
export const choiceList = <const Choice extends string>(choices: readonly Choice[]) =>
  vine
    .any()
    .use(
      vine.createRule(
        (value, _options, field) => {
          const items = listItems(value)
          if (!items || !items.every((item) => (choices as readonly string[]).includes(item))) {
            // Its own message under the `enum` rule: `messageKey` names it in the catalogue.
            field.report(
              `The {{ field }} field must be a comma-separated list of ${choices.join(', ')}`,
              'enum',
              field,
              { messageKey: 'comma_list', choices: choices.join(', ') }
            )
          }
        },
        {
          // In place of `any`'s own (anyOf every type): the array the document gives clients.
          toJSONSchema: (schema) => {
            delete schema.anyOf
            Object.assign(schema, {
              type: 'array',
              minItems: 1,
              // Each choice once says everything: repeats are dropped.
              maxItems: choices.length,
              items: { type: 'string', enum: [...choices] },
              description:
                'One or more values, sent as `a,b` (form, not exploded: what the typed client sends); `a%2Cb` and repeated keys are accepted too',
            })
          },
        }
      )()
    )
    .transform((value: unknown) => [...new Set(listItems(value) as Choice[])])

/** The items of a list given as one string or several, each maybe comma-separated; null if not text. */
function listItems(value: unknown): string[] | null {
  const parts = typeof value === 'string' ? [value] : value
  if (!Array.isArray(parts) || parts.length === 0) return null
  if (!parts.every((part) => typeof part === 'string')) return null
  return parts.flatMap((part: string) => part.split(','))
}

/**
 * A one-time code of an authenticator app: six digits, as a string (a
 * number would lose its leading zeros). Anything else is a 400 naming the
 * field, before any code is checked.
 */
export const sixDigits = vine.createRule(
  (value, _options, field) => {
    if (typeof value !== 'string') return
    if (!/^\d{6}$/.test(value))
      field.report('The {{ field }} field must be six digits', 'six_digits', field)
  },
  {
    toJSONSchema: (schema) => {
      schema.pattern = '^[0-9]{6}$'
      schema.minLength = 6
      schema.maxLength = 6
    },
  }
)
