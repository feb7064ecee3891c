import vine from '@vinejs/vine'
import type { ErrorReporterContract } from '@vinejs/vine/types'
import {
  invalidConfirmationToken,
  invalidField,
  invalidToken,
} from '#exceptions/validation_error_reporter'
import { withoutNulCharacter } from '#validators/rules'
import { EMAIL_MAX_LENGTH } from '#validators/auth'
import { message } from '#exceptions/api_exception'

/**
 * The spec gives a bad newsletter email exactly one answer, whatever was
 * wrong (missing, not a string, not an email): a 422 for `email`, code
 * `input.email.email` (field and rule, as invalidField writes every code).
 */
class InvalidEmailReporter implements ErrorReporterContract {
  hasErrors = false
  errors = []

  report() {
    this.hasErrors = true
  }

  createError() {
    return invalidField('email', 'email', message('errors.newsletter.invalid_email'), 422)
  }
}

/**
 * Emails are trimmed and lower-cased: `Ann@Example.com` is `ann@example.com`.
 * NUL and lone surrogates are refused before the email rule, which would
 * throw on them (URI malformed) instead of reporting.
 */
export const subscribeValidator = vine.create({
  email: vine
    .string()
    .trim()
    .maxLength(EMAIL_MAX_LENGTH)
    .use(withoutNulCharacter())
    .email()
    .toLowerCase(),
})
subscribeValidator.errorReporter = () => new InvalidEmailReporter()

/** Any token that is not a string is as invalid as a tampered one: one answer. */
class InvalidTokenReporter implements ErrorReporterContract {
  hasErrors = false
  errors = []

  constructor(private invalid = invalidToken) {}

  report() {
    this.hasErrors = true
  }

  createError() {
    return this.invalid()
  }
}

/** The unsubscribe link's signed token. */
export const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 1024

/**
 * The unsubscribe link's `token` (query string). The RFC 8058 body, when
 * sent, is `List-Unsubscribe=One-Click`: it tells a mail client's one-click
 * POST from the page's button.
 */
export const unsubscribeValidator = vine.create({
  'token': vine.string().maxLength(UNSUBSCRIBE_TOKEN_MAX_LENGTH),
  'List-Unsubscribe': vine.any().optional(),
})
unsubscribeValidator.errorReporter = () => new InvalidTokenReporter()

/**
 * The confirmation link's `token` (double opt-in): in the query string when
 * the page's button posts its form, in a JSON body `{ token }` for API
 * callers.
 */
export const confirmValidator = vine.create({
  token: vine.string().maxLength(UNSUBSCRIBE_TOKEN_MAX_LENGTH),
})
confirmValidator.errorReporter = () => new InvalidTokenReporter(invalidConfirmationToken)
