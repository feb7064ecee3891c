import ApiException from '#exceptions/api_exception'

/**
 * Removing this factor would leave the account without one while an
 * organization it belongs to requires two factors (contract: 409
 * `organization.two_factor_required`).
 */
export default class LastRequiredFactorException extends ApiException {
  static status = 409
  static code = 'organization.two_factor_required'
  static messageKey = 'errors.organizations.last_required_factor'
}
