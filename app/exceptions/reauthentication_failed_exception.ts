import ApiException from '#exceptions/api_exception'

/** POST /auth/reauthenticate with a wrong password, code or recovery code. */
export default class ReauthenticationFailedException extends ApiException {
  static status = 401
  static code = 'auth.reauthentication_failed'
  static messageKey = 'errors.two_factor.reauthentication_failed'
}
