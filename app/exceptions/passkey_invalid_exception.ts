import ApiException from '#exceptions/api_exception'

/**
 * A passkey sign-in that does not verify: an unknown credential, a wrong,
 * spent or expired challenge, a bad signature, no user verification, or a
 * signature counter that went backwards. One answer for all of them.
 */
export default class PasskeyInvalidException extends ApiException {
  static status = 401
  static code = 'auth.passkey_invalid'
  static messageKey = 'errors.passkeys.invalid'
}
