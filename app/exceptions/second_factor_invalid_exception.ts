import ApiException from '#exceptions/api_exception'

/** A wrong, used or stale code (or recovery code) for a pending login. */
export default class SecondFactorInvalidException extends ApiException {
  static status = 401
  static code = 'auth.second_factor_invalid'
  static messageKey = 'errors.two_factor.invalid'
}
