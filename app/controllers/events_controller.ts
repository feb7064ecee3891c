import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { errors } from '@adonisjs/lucid'
import OrganizationPolicy from '#policies/organization_policy'
import EventService from '#services/event_service'
import EventTransformer from '#transformers/event_transformer'
import { createEventValidator, showEventValidator, updateEventValidator } from '#validators/event'

@inject()
export default class EventsController {
  constructor(private events: EventService) {}

  async store({ request, response, bouncer, serialize }: HttpContext) {
    const { params, ...input } = await request.validateUsing(createEventValidator)
    await bouncer.with(OrganizationPolicy).authorize('createEvent', params.organizationId)
    const event = await this.events.create(params.organizationId, input)
    response.status(201)
    return serialize(EventTransformer.transform(event))
  }

  async update({ request, auth, bouncer, serialize }: HttpContext) {
    const { params, ...changes } = await request.validateUsing(updateEventValidator)
    const user = auth.getUserOrFail()
    const found = await this.events.findAsMember(user.id, params.organizationId, params.id)
    await bouncer.with(OrganizationPolicy).authorize('updateEvent', found)
    return serialize(EventTransformer.transform(await this.events.update(found, changes)))
  }

  async show({ request, auth, bouncer, serialize }: HttpContext) {
    const { params } = await request.validateUsing(showEventValidator)
    const user = auth.getUserOrFail()
    const lookup = await this.events.findAsMember(user.id, params.organizationId, params.id)
    await bouncer.with(OrganizationPolicy).authorize('viewEvent', lookup)
    if (!lookup.event) throw new errors.E_ROW_NOT_FOUND()
    return serialize(EventTransformer.transform(lookup.event))
  }
}
