import { Exception } from '@adonisjs/core/exceptions'
import { inEnglish } from '#helpers/languages'

/** A message of the `errors` catalogue (resources/lang/<locale>/errors.json) and its values. */
export type Translatable = { key: string; data?: Record<string, unknown> }

/** `new ConflictException(message('errors.accounts.email_taken'))` */
export function message(key: string, data?: Record<string, unknown>): Translatable {
  return { key, data }
}

/**
 * Base of the service's own errors: they carry data only (status, code,
 * message, optional field and meta); app/exceptions/handler.ts renders them.
 * A message given as a catalogue key (or a class's `messageKey`) is answered
 * in the caller's language; `message` itself stays English, for the logs.
 */
export default class ApiException extends Exception {
  declare field?: string
  /** Rendered as `errors[0].meta`, only where the contract names it. */
  declare meta?: Record<string, unknown>
  /** The catalogue key of a class's fixed message. */
  static messageKey?: string
  translation?: Translatable

  constructor(
    text?: string | Translatable,
    options?: ErrorOptions & { code?: string; status?: number }
  ) {
    const fixed = (new.target as typeof ApiException).messageKey
    const translation =
      typeof text === 'object' ? text : text === undefined && fixed ? { key: fixed } : undefined
    super(
      translation ? inEnglish(translation.key, translation.data) : (text as string | undefined),
      options
    )
    this.translation = translation
  }
}
