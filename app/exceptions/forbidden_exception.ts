import ApiException from '#exceptions/api_exception'

/** A signed-in account that may not do this (contract: 403 `auth.forbidden`). */
export default class ForbiddenException extends ApiException {
  static status = 403
  static code = 'auth.forbidden'
}
