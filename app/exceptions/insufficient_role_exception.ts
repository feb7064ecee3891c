import ApiException from '#exceptions/api_exception'

/** A member whose role may not act on this target (contract: 403 `auth.insufficient_role`). */
export default class InsufficientRoleException extends ApiException {
  static status = 403
  static code = 'auth.insufficient_role'
}
