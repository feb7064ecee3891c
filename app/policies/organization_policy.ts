import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { runPrepared } from '#helpers/prepared_statement'
import { insufficientRole, notAMember } from '#helpers/denials'
import { manages, roleOf } from '#services/organizations/roles'

/**
 * The organization itself, and who may create, list or delete its events.
 * Every member has equal access to events (spec): one membership query, no
 * role. (GET and PATCH of one event read the membership with the event, in
 * EventService.findForMember, which refuses a non-member itself.) Renaming, deleting, handing
 * over and reading the audit log depend on the role (contract, Roles). It
 * is asked before anything else is looked up, so a non-member gets 403
 * whether or not the organization or the event exists.
 */
export default class OrganizationPolicy extends BasePolicy {
  async view(user: User, organizationId: string) {
    return this.#member(user, organizationId)
  }

  async update(user: User, organizationId: string) {
    return this.#manager(user, organizationId, 'errors.roles.only_managers_rename')
  }

  async delete(user: User, organizationId: string) {
    return this.#owner(user, organizationId, 'errors.roles.only_owners_delete')
  }

  async transferOwnership(user: User, organizationId: string) {
    return this.#owner(user, organizationId, 'errors.roles.only_owners_transfer')
  }

  async viewAuditLog(user: User, organizationId: string) {
    return this.#manager(user, organizationId, 'errors.roles.only_managers_audit_log')
  }

  async createEvent(user: User, organizationId: string) {
    return this.#member(user, organizationId, 'errors.auth.cannot_create_events')
  }

  async listEvents(user: User, organizationId: string) {
    return this.#member(user, organizationId)
  }

  async deleteEvent(user: User, organizationId: string) {
    return this.#member(user, organizationId)
  }

  /** `messageKey`: the refusal's key in the `errors` catalogue. */
  async #manager(user: User, organizationId: string, messageKey: string) {
    const role = await roleOf(user.id, organizationId)
    if (!role) return notAMember()
    return manages(role) ? AuthorizationResponse.allow() : insufficientRole(messageKey)
  }

  async #owner(user: User, organizationId: string, messageKey: string) {
    const role = await roleOf(user.id, organizationId)
    if (!role) return notAMember()
    return role === 'owner' ? AuthorizationResponse.allow() : insufficientRole(messageKey)
  }

  async #member(user: User, organizationId: string, messageKey?: string) {
    // Asked before every create and list: a prepared statement, no model.
    const { rowCount } = await runPrepared(
      'is_member',
      'SELECT 1 FROM organization_members WHERE organization_id = $1 AND user_id = $2',
      [organizationId, user.id]
    )
    return rowCount ? AuthorizationResponse.allow() : notAMember(messageKey)
  }
}
