import ApiException from '#exceptions/api_exception'

/** A retry arrived while the first request with its Idempotency-Key is still running. */
export default class IdempotencyInProgressException extends ApiException {
  static status = 409
  static code = 'common.idempotency.in_progress'
  static messageKey = 'errors.idempotency.in_progress'
}
