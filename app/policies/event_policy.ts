import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type { Account } from '#types/account'
import { memberDenial, notFound } from '#helpers/denials'
import type { FoundEvent } from '#services/events/event_service'

/**
 * One event of an organization, decided from the row EventService.find
 * read with the caller's membership and the organization's two-factor
 * requirement (one statement, no query here). Every member has equal
 * access to events (spec): no role. A non-member, or a member kept out by
 * the two-factor requirement, is refused with 403 whether or not the event
 * exists (memberDenial, as every organization route); a member naming an
 * event the organization does not have gets 404. Asked before anything is
 * changed or deleted.
 */
export default class EventPolicy extends BasePolicy {
  view(user: Account, found: FoundEvent) {
    return decide(user, found)
  }

  update(user: Account, found: FoundEvent) {
    return decide(user, found)
  }

  delete(user: Account, found: FoundEvent) {
    return decide(user, found)
  }
}

function decide(user: Account, found: FoundEvent) {
  return (
    memberDenial(user, found.membership) ??
    (found.event ? AuthorizationResponse.allow() : notFound())
  )
}
