import ApiException from '#exceptions/api_exception'

/** A caller that did not present valid credentials, e.g. the monitoring bearer token. */
export default class UnauthenticatedException extends ApiException {
  static status = 401
  static code = 'auth.unauthenticated'
  static messageKey = 'errors.auth.unauthenticated'
}
