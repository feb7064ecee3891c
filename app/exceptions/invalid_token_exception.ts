import ApiException from '#exceptions/api_exception'

/** An emailed token that is unknown, spent, expired, revoked or malformed (contract). */
export default class InvalidTokenException extends ApiException {
  static status = 400
  static code = 'input.token.invalid'
  static messageKey = 'errors.token.invalid'
  field = 'token'
}
