import { AuthorizationResponse } from '@adonisjs/bouncer'
import { inEnglish } from '#helpers/languages'

/**
 * A refusal that names its error code and its message's catalogue key
 * (resources/lang/<locale>/errors.json): app/exceptions/handler.ts renders
 * it in the caller's language, with its status; `message` stays English,
 * for the logs.
 */
class CodedDenial extends AuthorizationResponse {
  constructor(
    messageKey: string,
    readonly code:
      | 'auth.forbidden'
      | 'auth.insufficient_role'
      | 'organization.two_factor_required'
      | 'common.resource.not_found',
    status = 403
  ) {
    super(false)
    this.message = inEnglish(messageKey)
    this.status = status
    this.t(messageKey)
  }
}

export const NOT_A_MEMBER = 'errors.auth.not_a_member'

export const TWO_FACTOR_REQUIRED = 'errors.organizations.two_factor_required'

/** Not a member: 403 `auth.forbidden`, whether or not anything named exists. */
export function notAMember(messageKey = NOT_A_MEMBER) {
  return new CodedDenial(messageKey, 'auth.forbidden')
}

/**
 * A member naming what their organization does not have (another
 * organization's event, or none): 404 `common.resource.not_found`, the
 * answer of a missing row, decided where the row was read with the
 * membership (EventPolicy).
 */
export function notFound() {
  return new CodedDenial('errors.resource.not_found', 'common.resource.not_found', 404)
}

/** A member whose role is not enough: 403 `auth.insufficient_role`. */
export function insufficientRole(messageKey: string) {
  return new CodedDenial(messageKey, 'auth.insufficient_role')
}

/** What an organization's route reads of the caller's membership, in the statement that finds it. */
export type MembershipGate = { requireTwoFactor: boolean }

/**
 * The one decision of who may use an organization's routes at all (its
 * role rules come after): a non-member is refused (403 `auth.forbidden`),
 * and so is a member of an organization that requires two factors whose
 * account has none (403 `organization.two_factor_required`), until it has
 * one. `twoFactorEnabled` is the user row read with the session on this
 * request, never a copy kept in the session. Null: go on.
 */
export function memberDenial(
  user: { twoFactorEnabled: boolean },
  membership: MembershipGate | null,
  messageKey?: string
) {
  if (!membership) return notAMember(messageKey)
  if (membership.requireTwoFactor && !user.twoFactorEnabled) {
    return new CodedDenial(TWO_FACTOR_REQUIRED, 'organization.two_factor_required')
  }
  return null
}
