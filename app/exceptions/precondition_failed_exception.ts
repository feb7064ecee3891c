import ApiException from '#exceptions/api_exception'

/** If-Match named a version of the resource that is no longer the current one. */
export default class PreconditionFailedException extends ApiException {
  static status = 412
  static code = 'common.resource.precondition_failed'
  static messageKey = 'errors.resource.precondition_failed'
}
