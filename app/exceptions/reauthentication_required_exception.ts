import ApiException from '#exceptions/api_exception'

/**
 * A sensitive action by an account with a second factor whose last
 * sign-in or re-authentication is older than the window: POST
 * /auth/reauthenticate first, with one of `meta.methods`.
 */
export default class ReauthenticationRequiredException extends ApiException {
  static status = 403
  static code = 'auth.reauthentication_required'
  static messageKey = 'errors.two_factor.reauthentication_required'

  constructor(methods: string[], maxAgeSeconds: number) {
    super()
    this.meta = { methods, maxAgeSeconds }
  }
}
