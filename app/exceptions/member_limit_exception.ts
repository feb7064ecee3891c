import ApiException from '#exceptions/api_exception'

/** Members plus pending invitations would pass ORGANIZATION_MEMBER_LIMIT. */
export default class MemberLimitException extends ApiException {
  static status = 409
  static code = 'organization.member_limit'
}
