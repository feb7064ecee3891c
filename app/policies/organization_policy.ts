import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import { runPrepared } from '#helpers/prepared_statement'
import { inEnglish } from '#helpers/languages'

/** Catalogue keys of the refusals (resources/lang/<locale>/errors.json). */
const NOT_A_MEMBER = 'errors.auth.not_a_member'

/**
 * Membership decides everything (there are no roles). It is asked before
 * anything else is looked up, so a non-member gets 403 whether or not the
 * organization or the event exists.
 */
export default class OrganizationPolicy extends BasePolicy {
  async view(user: User, organizationId: string) {
    return this.#member(user, organizationId, NOT_A_MEMBER)
  }

  async manageMembers(user: User, organizationId: string) {
    return this.#member(user, organizationId, NOT_A_MEMBER)
  }

  async createEvent(user: User, organizationId: string) {
    return this.#member(user, organizationId, 'errors.auth.cannot_create_events')
  }

  async listEvents(user: User, organizationId: string) {
    return this.#member(user, organizationId, NOT_A_MEMBER)
  }

  /** Membership comes with the event lookup (EventService.findAsMember): one query. */
  viewEvent(_user: User, lookup: { isMember: boolean }) {
    return lookup.isMember ? AuthorizationResponse.allow() : refusal(NOT_A_MEMBER)
  }

  updateEvent(user: User, lookup: { isMember: boolean }) {
    return this.viewEvent(user, lookup)
  }

  /** Asked with what EventService.deleteAsMember found (it deletes only for members). */
  deleteEvent(user: User, outcome: { isMember: boolean }) {
    return this.viewEvent(user, outcome)
  }

  async #member(user: User, organizationId: string, messageKey: string) {
    // Asked before every create and list: a prepared statement, no model.
    const { rowCount } = await runPrepared(
      'is_member',
      'SELECT 1 FROM organization_members WHERE organization_id = $1 AND user_id = $2',
      [organizationId, user.id]
    )
    return rowCount ? AuthorizationResponse.allow() : refusal(messageKey)
  }
}

/** A 403 whose message is the catalogue's, in English for the logs and translated by the handler. */
function refusal(messageKey: string) {
  return AuthorizationResponse.deny(inEnglish(messageKey), 403).t(messageKey)
}
