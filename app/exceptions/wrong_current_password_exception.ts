import ApiException from '#exceptions/api_exception'

/** PUT /auth/password with a wrong current password (contract). */
export default class WrongCurrentPasswordException extends ApiException {
  static status = 400
  static code = 'input.currentPassword.invalid'
  static messageKey = 'errors.auth.wrong_current_password'
  field = 'currentPassword'
}
