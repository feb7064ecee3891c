import { AuthorizationResponse } from '@adonisjs/bouncer'
import { inEnglish } from '#helpers/languages'

/**
 * A refusal that names its error code and its message's catalogue key
 * (resources/lang/<locale>/errors.json): app/exceptions/handler.ts renders
 * it in the caller's language; `message` stays English, for the logs.
 */
class CodedDenial extends AuthorizationResponse {
  constructor(
    messageKey: string,
    readonly code: 'auth.forbidden' | 'auth.insufficient_role'
  ) {
    super(false)
    this.message = inEnglish(messageKey)
    this.status = 403
    this.t(messageKey)
  }
}

export const NOT_A_MEMBER = 'errors.auth.not_a_member'

/** Not a member: 403 `auth.forbidden`, whether or not anything named exists. */
export function notAMember(messageKey = NOT_A_MEMBER) {
  return new CodedDenial(messageKey, 'auth.forbidden')
}

/** A member whose role is not enough: 403 `auth.insufficient_role`. */
export function insufficientRole(messageKey: string) {
  return new CodedDenial(messageKey, 'auth.insufficient_role')
}
