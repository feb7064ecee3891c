import { Exception } from '@adonisjs/core/exceptions'

/**
 * Base of the service's own errors: they carry data only (status, code,
 * message, optional field and meta); app/exceptions/handler.ts renders them.
 */
export default class ApiException extends Exception {
  declare field?: string
  /** Rendered as `errors[0].meta`, only where the contract names it. */
  declare meta?: Record<string, unknown>
}
