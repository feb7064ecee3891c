import { AuthorizationResponse } from '@adonisjs/bouncer'

/** A refusal that names its error code; app/exceptions/handler.ts renders it. */
class CodedDenial extends AuthorizationResponse {
  constructor(
    message: string,
    readonly code: 'auth.forbidden' | 'auth.insufficient_role'
  ) {
    super(false)
    this.message = message
    this.status = 403
  }
}

export const NOT_A_MEMBER = 'You are not a member of this organization'

/** Not a member: 403 `auth.forbidden`, whether or not anything named exists. */
export function notAMember(message = NOT_A_MEMBER) {
  return new CodedDenial(message, 'auth.forbidden')
}

/** A member whose role is not enough: 403 `auth.insufficient_role`. */
export function insufficientRole(message: string) {
  return new CodedDenial(message, 'auth.insufficient_role')
}
