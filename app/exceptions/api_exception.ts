import { Exception } from '@adonisjs/core/exceptions'

/**
 * Base of the service's own errors: they carry data only (status, code,
 * message, optional field); app/exceptions/handler.ts renders them.
 */
export default class ApiException extends Exception {
  declare field?: string
}
