import ApiException from '#exceptions/api_exception'
import type { SecondFactorMethod } from '#types/account'

/**
 * POST /auth/login for an account with a second factor: nobody is signed
 * in yet; `meta.methods` says how to finish (POST /auth/login/second-factor).
 */
export default class SecondFactorRequiredException extends ApiException {
  static status = 401
  static code = 'auth.second_factor_required'
  static messageKey = 'errors.two_factor.required'

  constructor(methods: SecondFactorMethod[]) {
    super()
    this.meta = { methods }
  }
}
