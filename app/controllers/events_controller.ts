import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import EventPolicy from '#policies/event_policy'
import OrganizationPolicy from '#policies/organization_policy'
import EventService from '#services/events/event_service'
import { fingerprintOf } from '#services/platform/idempotency_service'
import { entityTag, namesVersion } from '#services/events/entity_tags'
import EventTransformer from '#transformers/event_transformer'
import {
  createEventValidator,
  deleteEventValidator,
  idempotencyKeyValidator,
  listEventsValidator,
  showEventValidator,
  updateEventValidator,
} from '#validators/event'

/**
 * One event is read with the caller's membership in one statement
 * (EventService.find) and EventPolicy decides from that row; creating and
 * listing ask OrganizationPolicy, as there is no event yet.
 */
@inject()
export default class EventsController {
  constructor(private events: EventService) {}

  /** Read-only routes (index, show) may be answered by a read replica fresh enough for the caller. */
  async index({ request, auth, bouncer, serialize }: HttpContext) {
    const { params, ...query } = await request.validateUsing(listEventsValidator)
    await bouncer.with(OrganizationPolicy).authorize('listEvents', params.organizationId)
    const page = await this.events.list(params.organizationId, query, {
      replicaFor: auth.getUserOrFail(),
    })
    const { data } = await serialize(EventTransformer.transform(page.events))
    return { data, meta: { nextCursor: page.nextCursor } }
  }

  /** With an Idempotency-Key, a retry gets the first answer again (contract, "Safe retries"). */
  async store({ request, response, auth, bouncer }: HttpContext) {
    const { params, ...input } = await request.validateUsing(createEventValidator)
    const { idempotency_key: key } = await request.validateUsing(idempotencyKeyValidator, {
      data: { idempotency_key: request.header('idempotency-key') },
    })
    await bouncer.with(OrganizationPolicy).authorize('createEvent', params.organizationId)
    const answer = await this.events.create(
      params.organizationId,
      input,
      key
        ? {
            userId: auth.getUserOrFail().id,
            key,
            fingerprint: fingerprintOf(request.url(), request.body()),
          }
        : undefined
    )
    response.status(answer.status).header('ETag', answer.etag)
    return answer.body
  }

  /** If-Match: the changes apply only to the version it names (else 412). */
  async update({ request, response, auth, bouncer, serialize }: HttpContext) {
    const { params, ...changes } = await request.validateUsing(updateEventValidator)
    const found = await this.events.find(auth.getUserOrFail().id, params.organizationId, params.id)
    await bouncer.with(EventPolicy).authorize('update', found)
    const updated = await this.events.update(found, changes, request.header('if-match'))
    response.header('ETag', entityTag(updated.version))
    return serialize(EventTransformer.transform(updated.event))
  }

  /** If-None-Match naming the current version: 304 without a body. */
  async show({ request, response, auth, bouncer, serialize }: HttpContext) {
    const { params } = await request.validateUsing(showEventValidator)
    const user = auth.getUserOrFail()
    const found = await this.events.find(user.id, params.organizationId, params.id, {
      replicaFor: user,
    })
    await bouncer.with(EventPolicy).authorize('view', found)
    response.header('ETag', entityTag(found.version))
    if (namesVersion(request.header('if-none-match'), found.version)) {
      return response.notModified()
    }
    // Allowed: the event exists (EventPolicy).
    return serialize(EventTransformer.transform(found.event!))
  }

  /** Nothing is deleted before EventPolicy has allowed it. */
  async destroy({ request, response, auth, bouncer }: HttpContext) {
    const { params } = await request.validateUsing(deleteEventValidator)
    const user = auth.getUserOrFail()
    const found = await this.events.find(user.id, params.organizationId, params.id)
    await bouncer.with(EventPolicy).authorize('delete', found)
    await this.events.delete(user.id, params.organizationId, params.id)
    return response.noContent()
  }
}
