import {
  createEventValidator,
  idempotencyKeyValidator,
  listEventsValidator,
  updateEventValidator,
} from '#validators/event'
import { bodyOf, data, group, json, page, ref } from '#api_docs/builders'
import {
  SIGNED_IN,
  etagHeader,
  everyRoute,
  jsonBodyErrors,
  organizationForbidden,
} from '#api_docs/shared'

/** /organizations/:organizationId/events: an organization's events. */
export function eventPaths() {
  return group(
    { tag: 'events', ...SIGNED_IN },
    {
      'GET /organizations/:organizationId/events': {
        id: 'listEvents',
        summary: 'List events (keyset pagination)',
        // `status` is the validator's list: an array, in every form (rules.ts choiceList).
        query: bodyOf(listEventsValidator).properties,
        responses: {
          200: json(page('Event'), 'A page of events; nextCursor is null on the last page'),
          ...organizationForbidden,
        },
        errors: [400, 401, 403, ...everyRoute],
      },
      'POST /organizations/:organizationId/events': {
        id: 'createEvent',
        summary: 'Create an event',
        body: bodyOf(createEventValidator),
        headers: {
          'Idempotency-Key': {
            ...bodyOf(idempotencyKeyValidator).properties.idempotency_key,
            description:
              'A retry with the same key and body within 24 h gets the first answer again',
          },
        },
        responses: {
          201: json(data(ref('Event')), 'Created', etagHeader),
          ...organizationForbidden,
        },
        errors: [...jsonBodyErrors, 401, 403, 409, 422, ...everyRoute],
      },
      'GET /organizations/:organizationId/events/:id': {
        id: 'getEvent',
        summary: 'One event',
        headers: {
          'If-None-Match': {
            type: 'string',
            maxLength: 1024,
            description: 'An ETag this event answered; 304 when it is still the current one',
          },
        },
        responses: {
          200: json(data(ref('Event')), 'The event', etagHeader),
          ...organizationForbidden,
          304: {
            description: 'Not modified (If-None-Match names the current version)',
            headers: etagHeader,
          },
        },
        errors: [400, 401, 403, 404, ...everyRoute],
      },
      'PATCH /organizations/:organizationId/events/:id': {
        id: 'updateEvent',
        summary: 'Change an event (partial; metadata merged)',
        body: bodyOf(updateEventValidator),
        headers: {
          'If-Match': {
            type: 'string',
            maxLength: 1024,
            description:
              'The ETag of the version the change is based on; 412 when another one is current',
          },
        },
        responses: {
          200: json(data(ref('Event')), 'Changed', etagHeader),
          ...organizationForbidden,
        },
        errors: [...jsonBodyErrors, 401, 403, 404, 412, ...everyRoute],
      },
      'DELETE /organizations/:organizationId/events/:id': {
        id: 'deleteEvent',
        summary: 'Delete an event and its address',
        responses: { 204: { description: 'Deleted' }, ...organizationForbidden },
        errors: [400, 401, 403, 404, ...everyRoute],
      },
    }
  )
}
