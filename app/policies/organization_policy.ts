import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type { Account } from '#types/account'
import { insufficientRole, memberDenial } from '#helpers/denials'
import { inject } from '@adonisjs/core'
import OrganizationRoles from '#services/organizations/roles'
import { manages } from '#helpers/organization_roles'
import type { ReadOptions } from '#services/platform/replicas/read_routing'

/**
 * The organization itself, and who may create or list its events. Every
 * member has equal access to events (spec): no role. (One event's routes
 * read the membership with the event and ask EventPolicy.) Renaming,
 * deleting, handing over and reading the audit log depend on the role
 * (contract, Roles). It is asked before anything else is looked up, so
 * a non-member gets 403 whether or not the organization or the event
 * exists; a member without a second factor, 403 too while the organization
 * requires one (memberDenial). The checks of read-only routes (viewing the
 * organization, listing events, the audit log) may be answered by a read
 * replica fresh enough for the caller; every check before a change reads
 * the primary.
 */
@inject()
export default class OrganizationPolicy extends BasePolicy {
  constructor(private roles: OrganizationRoles) {
    super()
  }

  async view(user: Account, organizationId: string) {
    return this.#member(user, organizationId, undefined, { replicaFor: user })
  }

  /** Renaming: owners and admins; requiring two factors is the owners' (OrganizationService). */
  async update(user: Account, organizationId: string) {
    return this.#manager(user, organizationId, 'errors.roles.only_managers_rename')
  }

  async delete(user: Account, organizationId: string) {
    return this.#owner(user, organizationId, 'errors.roles.only_owners_delete')
  }

  async transferOwnership(user: Account, organizationId: string) {
    return this.#owner(user, organizationId, 'errors.roles.only_owners_transfer')
  }

  async viewAuditLog(user: Account, organizationId: string) {
    return this.#manager(user, organizationId, 'errors.roles.only_managers_audit_log', {
      replicaFor: user,
    })
  }

  async createEvent(user: Account, organizationId: string) {
    return this.#member(user, organizationId, 'errors.auth.cannot_create_events')
  }

  async listEvents(user: Account, organizationId: string) {
    return this.#member(user, organizationId, undefined, { replicaFor: user })
  }

  /** `messageKey`: the refusal's key in the `errors` catalogue. */
  async #manager(
    user: Account,
    organizationId: string,
    messageKey: string,
    options: ReadOptions = {}
  ) {
    const membership = await this.roles.membershipOf(user.id, organizationId, options)
    return (
      memberDenial(user, membership) ??
      (manages(membership!.role) ? AuthorizationResponse.allow() : insufficientRole(messageKey))
    )
  }

  async #owner(user: Account, organizationId: string, messageKey: string) {
    const membership = await this.roles.membershipOf(user.id, organizationId)
    return (
      memberDenial(user, membership) ??
      (membership!.role === 'owner' ? AuthorizationResponse.allow() : insufficientRole(messageKey))
    )
  }

  async #member(
    user: Account,
    organizationId: string,
    messageKey?: string,
    options: ReadOptions = {}
  ) {
    const membership = await this.roles.membershipOf(user.id, organizationId, options)
    return memberDenial(user, membership, messageKey) ?? AuthorizationResponse.allow()
  }
}
