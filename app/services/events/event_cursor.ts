import encryption from '@adonisjs/core/services/encryption'
import { invalidField } from '#exceptions/validation_error_reporter'
import type { EventSort } from '#types/event'
import { message } from '#exceptions/api_exception'

/** Where a page ended: the sort key of its last event (as PostgreSQL wrote it) and its id. */
export type EventCursor = { key: string; id: string }

type Payload = { o: string; s: EventSort; k: string; i: string }

const PURPOSE = 'events-list-cursor'

/**
 * Cursors are signed with the app key (HMAC, AdonisJS's message verifier)
 * and bound to the organization and the sort they were issued for, so a
 * cursor the server did not issue, or one used elsewhere, is a 400.
 */
export function issueCursor(organizationId: string, sort: EventSort, cursor: EventCursor) {
  const payload: Payload = { o: organizationId, s: sort, k: cursor.key, i: cursor.id }
  return encryption.getMessageVerifier().sign(payload, undefined, PURPOSE)
}

export function readCursor(value: string, organizationId: string, sort: EventSort): EventCursor {
  const payload = encryption.getMessageVerifier().unsign<Payload>(value, PURPOSE)
  if (
    !payload ||
    payload.o !== organizationId ||
    payload.s !== sort ||
    typeof payload.k !== 'string' ||
    typeof payload.i !== 'string'
  ) {
    throw invalidField('cursor', 'invalid', message('errors.cursor.invalid'))
  }
  return { key: payload.k, id: payload.i }
}
