import ApiException from '#exceptions/api_exception'

/** A dependency (PostgreSQL, Redis) is down or not connected yet: retry later. */
export default class ServiceUnavailableException extends ApiException {
  static status = 503
  static code = 'common.service.unavailable'
  static messageKey = 'errors.service.unavailable'
}
