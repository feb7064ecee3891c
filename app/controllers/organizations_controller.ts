import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationPolicy from '#policies/organization_policy'
import OrganizationService from '#services/organizations/organization_service'
import OrganizationTransformer from '#transformers/organization_transformer'
import {
  createOrganizationValidator,
  organizationValidator,
  updateOrganizationValidator,
} from '#validators/organization'

@inject()
export default class OrganizationsController {
  constructor(private organizations: OrganizationService) {}

  /** Read-only routes (index, show) may be answered by a read replica fresh enough for the caller. */
  async index({ auth, serialize }: HttpContext) {
    const user = auth.getUserOrFail()
    const organizations = await this.organizations.listFor(user.id, { replicaFor: user })
    return serialize(OrganizationTransformer.transform(organizations))
  }

  async store({ request, response, auth, serialize }: HttpContext) {
    const { name } = await request.validateUsing(createOrganizationValidator)
    const organization = await this.organizations.create(auth.getUserOrFail().id, name)
    response.status(201)
    return serialize(OrganizationTransformer.transform(organization))
  }

  async show({ request, auth, bouncer, serialize }: HttpContext) {
    const { params } = await request.validateUsing(organizationValidator)
    await bouncer.with(OrganizationPolicy).authorize('view', params.organizationId)
    const user = auth.getUserOrFail()
    const organization = await this.organizations.find(params.organizationId, user.id, {
      replicaFor: user,
    })
    return serialize(OrganizationTransformer.transform(organization))
  }

  /** Renames the organization (owners and admins) or sets its two-factor requirement (owners). */
  async update({ request, auth, bouncer, serialize }: HttpContext) {
    const { params } = await request.validateUsing(organizationValidator)
    await bouncer.with(OrganizationPolicy).authorize('update', params.organizationId)
    const changes = await request.validateUsing(updateOrganizationValidator)
    const organization = await this.organizations.update(
      auth.getUserOrFail().id,
      params.organizationId,
      changes
    )
    return serialize(OrganizationTransformer.transform(organization))
  }

  /** Deletes the organization and everything of it: owners only. */
  async destroy({ request, response, bouncer }: HttpContext) {
    const { params } = await request.validateUsing(organizationValidator)
    await bouncer.with(OrganizationPolicy).authorize('delete', params.organizationId)
    await this.organizations.delete(params.organizationId)
    return response.noContent()
  }
}
