import ApiException from '#exceptions/api_exception'

export default class NotFoundException extends ApiException {
  static status = 404
  static code = 'common.resource.not_found'
}
