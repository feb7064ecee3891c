import ApiException from '#exceptions/api_exception'

/** A unique constraint said no: duplicate subscriber, account or member. */
export default class ConflictException extends ApiException {
  static status = 409
  static code = 'common.resource.conflict'
}
