import { errors } from '@vinejs/vine'
import type { ErrorReporterContract, FieldContext } from '@vinejs/vine/types'
import { type Translatable, message as catalogued } from '#exceptions/api_exception'
import { inEnglish } from '#helpers/languages'

export type FieldError = { field: string; message: string; rule: string; code: string }

/**
 * Reports every failing field as `{ field, message, rule, code }` with the
 * code `input.<field path>.<rule>` of the contract, under the given status
 * (400 for the API, 422 for the newsletter as the spec says).
 */
export class ApiErrorReporter implements ErrorReporterContract {
  hasErrors = false
  errors: FieldError[] = []

  constructor(private status = 400) {}

  report(message: string, rule: string, field: FieldContext) {
    this.hasErrors = true
    // Path parameters are validated under `params` but named as themselves (input.<param>.uuid).
    const path = field.getFieldPath().replace(/^params\./, '')
    this.errors.push({ field: path, message, rule, code: `input.${path}.${rule}` })
  }

  createError() {
    const error = new errors.E_VALIDATION_ERROR(this.errors)
    error.status = this.status
    return error
  }
}

/**
 * A validation failure found outside a validator (it needs stored data),
 * shaped like the reporter's own; its message is a catalogue key, answered
 * in the caller's language by the handler.
 */
export class FieldException extends errors.E_VALIDATION_ERROR {
  constructor(
    readonly translation: Translatable,
    entry: FieldError
  ) {
    super([entry])
  }
}

export function invalidField(field: string, rule: string, text: Translatable, status = 400) {
  const entry = {
    field,
    message: inEnglish(text.key, text.data),
    rule,
    code: `input.${field}.${rule}`,
  }
  const error = new FieldException(text, entry)
  error.status = status
  return error
}

/** contract.md: an unsubscribe token that is missing, tampered or unknown: one answer. */
export function invalidToken() {
  return invalidField('token', 'invalid', catalogued('errors.token.unsubscribe_invalid'))
}

/** A confirmation link (double opt-in) that is missing, tampered, unknown or expired. */
export function invalidConfirmationToken() {
  return invalidField('token', 'invalid', catalogued('errors.token.confirmation_invalid'))
}

/** A list cursor the server did not issue, or issued for another list: 400 `input.cursor.invalid`. */
export function invalidCursor(): never {
  throw invalidField('cursor', 'invalid', catalogued('errors.cursor.invalid'))
}
