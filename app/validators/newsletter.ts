import vine from '@vinejs/vine'
import { errors } from '@vinejs/vine'
import type { ErrorReporterContract } from '@vinejs/vine/types'

/**
 * The spec gives a bad newsletter email exactly one answer, whatever was
 * wrong (missing, not a string, not an email): a 422 for `email`.
 */
class InvalidEmailReporter implements ErrorReporterContract {
  hasErrors = false
  errors = [
    {
      field: 'email',
      message: 'The email field must be a valid email address',
      rule: 'email',
      code: 'input.email.email',
    },
  ]

  report() {
    this.hasErrors = true
  }

  createError() {
    const error = new errors.E_VALIDATION_ERROR(this.errors)
    error.status = 422
    return error
  }
}

/** Emails are trimmed and lower-cased: `Ann@Example.com` is `ann@example.com`. */
export const subscribeValidator = vine.create({
  email: vine.string().trim().maxLength(254).email().toLowerCase(),
})
subscribeValidator.errorReporter = () => new InvalidEmailReporter()
