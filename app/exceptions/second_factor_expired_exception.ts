import ApiException from '#exceptions/api_exception'

/**
 * POST /auth/login/second-factor without a pending login: none was
 * started in this session, it expired (10 minutes) or it was finished.
 * The client signs in with the password again.
 */
export default class SecondFactorExpiredException extends ApiException {
  static status = 401
  static code = 'auth.second_factor_expired'
  static messageKey = 'errors.two_factor.expired'
}
