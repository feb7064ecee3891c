import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { errors } from '@adonisjs/lucid'
import OrganizationPolicy from '#policies/organization_policy'
import EventService, { type VersionedEvent } from '#services/events/event_service'
import IdempotencyService, { fingerprintOf } from '#services/platform/idempotency_service'
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

@inject()
export default class EventsController {
  constructor(
    private events: EventService,
    private idempotency: IdempotencyService
  ) {}

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
  async store({ request, response, auth, bouncer, serialize }: HttpContext) {
    const { params, ...input } = await request.validateUsing(createEventValidator)
    const { idempotency_key: key } = await request.validateUsing(idempotencyKeyValidator, {
      data: { idempotency_key: request.header('idempotency-key') },
    })
    await bouncer.with(OrganizationPolicy).authorize('createEvent', params.organizationId)
    const answerOf = async ({ event, version }: VersionedEvent) => ({
      status: 201,
      body: await serialize(EventTransformer.transform(event)),
      etag: entityTag(version),
    })
    const answer = key
      ? await this.idempotency.once(
          {
            userId: auth.getUserOrFail().id,
            key,
            organizationId: params.organizationId,
            fingerprint: fingerprintOf(request.url(), request.body()),
          },
          async (record) =>
            answerOf(
              await this.events.create(params.organizationId, input, async (trx, created) =>
                record(trx, await answerOf(created))
              )
            )
        )
      : await answerOf(await this.events.create(params.organizationId, input))
    response.status(answer.status)
    response.header('ETag', answer.etag)
    return answer.body
  }

  /** If-Match: the changes apply only to the version it names (else 412). */
  async update({ request, response, auth, serialize }: HttpContext) {
    const { params, ...changes } = await request.validateUsing(updateEventValidator)
    const user = auth.getUserOrFail()
    const found = await this.events.findForMember(user, params.organizationId, params.id)
    const updated = await this.events.update(found, changes, request.header('if-match'))
    response.header('ETag', entityTag(updated.version))
    return serialize(EventTransformer.transform(updated.event))
  }

  /** If-None-Match naming the current version: 304 without a body. */
  async show({ request, response, auth, serialize }: HttpContext) {
    const { params } = await request.validateUsing(showEventValidator)
    const user = auth.getUserOrFail()
    const lookup = await this.events.findForMember(user, params.organizationId, params.id, {
      replicaFor: user,
    })
    if (!lookup.event) throw new errors.E_ROW_NOT_FOUND()
    response.header('ETag', entityTag(lookup.version))
    if (namesVersion(request.header('if-none-match'), lookup.version)) {
      return response.notModified()
    }
    return serialize(EventTransformer.transform(lookup.event))
  }

  async destroy({ request, response, auth, bouncer }: HttpContext) {
    const { params } = await request.validateUsing(deleteEventValidator)
    await bouncer.with(OrganizationPolicy).authorize('deleteEvent', params.organizationId)
    await this.events.delete(auth.getUserOrFail().id, params.organizationId, params.id)
    return response.noContent()
  }
}
