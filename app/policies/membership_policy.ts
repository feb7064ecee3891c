import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { insufficientRole, notAMember } from '#helpers/denials'
import { manages, roleOf } from '#services/organizations/roles'

const MANAGERS_ONLY = 'errors.roles.only_managers_members'

/**
 * Who may manage an organization's people and invitations, by role
 * (contract, Roles inside an organization). These are the route's rules:
 * what depends on the target (an admin acting on an owner, granting
 * `owner`) is decided by the service once the target is found, after the
 * body is validated, as the contract orders the refusals.
 */
export default class MembershipPolicy extends BasePolicy {
  /** Adding, changing roles, inviting, revoking invitations. */
  async manage(user: User, organizationId: string) {
    const role = await roleOf(user.id, organizationId)
    if (!role) return notAMember()
    return manages(role) ? AuthorizationResponse.allow() : insufficientRole(MANAGERS_ONLY)
  }

  /** A member may remove only themselves (that is leaving); owners and admins anyone, by target. */
  async remove(user: User, organizationId: string, userId: string) {
    const role = await roleOf(user.id, organizationId)
    if (!role) return notAMember()
    return manages(role) || userId === user.id
      ? AuthorizationResponse.allow()
      : insufficientRole('errors.roles.members_remove_themselves')
  }

  /** Listing members or invitations, leaving: every member. */
  async view(user: User, organizationId: string) {
    return (await roleOf(user.id, organizationId)) ? AuthorizationResponse.allow() : notAMember()
  }
}
