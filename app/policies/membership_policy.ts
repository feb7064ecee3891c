import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type { Account } from '#types/account'
import { insufficientRole, memberDenial, notAMember } from '#helpers/denials'
import { inject } from '@adonisjs/core'
import OrganizationRoles from '#services/organizations/roles'
import { manages } from '#helpers/organization_roles'

const MANAGERS_ONLY = 'errors.roles.only_managers_members'

/**
 * Who may manage an organization's people and invitations, by role
 * (contract, Roles inside an organization). These are the route's rules:
 * what depends on the target (an admin acting on an owner, granting
 * `owner`) is decided by the service once the target is found, after the
 * body is validated, as the contract orders the refusals. A member kept
 * out by the organization's two-factor requirement (memberDenial) may
 * still leave.
 */
@inject()
export default class MembershipPolicy extends BasePolicy {
  constructor(private roles: OrganizationRoles) {
    super()
  }

  /** Adding, changing roles, inviting, revoking invitations. */
  async manage(user: Account, organizationId: string) {
    const membership = await this.roles.membershipOf(user.id, organizationId)
    return (
      memberDenial(user, membership) ??
      (manages(membership!.role) ? AuthorizationResponse.allow() : insufficientRole(MANAGERS_ONLY))
    )
  }

  /** A member may remove only themselves (that is leaving); owners and admins anyone, by target. */
  async remove(user: Account, organizationId: string, userId: string) {
    if (userId === user.id) return this.leave(user, organizationId)
    const membership = await this.roles.membershipOf(user.id, organizationId)
    return (
      memberDenial(user, membership) ??
      (manages(membership!.role)
        ? AuthorizationResponse.allow()
        : insufficientRole('errors.roles.members_remove_themselves'))
    )
  }

  /** Listing members or invitations: every member (a read-only route: a replica may answer). */
  async view(user: Account, organizationId: string) {
    const membership = await this.roles.membershipOf(user.id, organizationId, { replicaFor: user })
    return memberDenial(user, membership) ?? AuthorizationResponse.allow()
  }

  /** Leaving: every member, also one the two-factor requirement keeps out (contract). */
  async leave(user: Account, organizationId: string) {
    return (await this.roles.membershipOf(user.id, organizationId))
      ? AuthorizationResponse.allow()
      : notAMember()
  }
}
