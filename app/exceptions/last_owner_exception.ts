import ApiException from '#exceptions/api_exception'

/**
 * The change would leave an organization without an owner (contract,
 * Roles). Account deletion names the organizations in `meta.organizationIds`.
 */
export default class LastOwnerException extends ApiException {
  static status = 409
  static code = 'organization.last_owner'
}
