import ApiException from '#exceptions/api_exception'

/**
 * An expected server-side failure whose message the spec fixes, e.g.
 * "Failed to create event". The original error rides along as `cause` for
 * the logs and never reaches the client.
 */
export default class InternalException extends ApiException {
  static status = 500
  static code = 'common.server.internal'
}
