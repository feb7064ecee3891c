import ApiException from '#exceptions/api_exception'

/** A request the API cannot read at all; the code says what was wrong. */
export default class BadRequestException extends ApiException {
  static status = 400
}
