import ApiException from '#exceptions/api_exception'

/** POST /auth/email/change to the address the account already has. */
export default class UnchangedEmailException extends ApiException {
  static status = 400
  static code = 'input.email.unchanged'
  static messageKey = 'errors.accounts.email_unchanged'
  field = 'email'
}
