import ApiException from '#exceptions/api_exception'

/**
 * An owner without a second factor asks the members for two (contract:
 * 409 `organization.two_factor_required_for_actor`).
 */
export default class ActorWithoutSecondFactorException extends ApiException {
  static status = 409
  static code = 'organization.two_factor_required_for_actor'
  static messageKey = 'errors.organizations.two_factor_required_for_actor'
}
