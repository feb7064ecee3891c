import ApiException from '#exceptions/api_exception'

/**
 * The organization requires two factors and the account has none
 * (contract: 403 `organization.two_factor_required`); a route's refusal
 * is memberDenial's, this is an invitation's acceptance.
 */
export default class TwoFactorRequiredException extends ApiException {
  static status = 403
  static code = 'organization.two_factor_required'
  static messageKey = 'errors.organizations.two_factor_required'
}
