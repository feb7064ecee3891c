import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationPolicy from '#policies/organization_policy'
import OrganizationService from '#services/organizations/organization_service'
import OrganizationTransformer from '#transformers/organization_transformer'
import { createOrganizationValidator, organizationValidator } from '#validators/organization'

@inject()
export default class OrganizationsController {
  constructor(private organizations: OrganizationService) {}

  async index({ auth, serialize }: HttpContext) {
    const organizations = await this.organizations.listFor(auth.getUserOrFail().id)
    return serialize(OrganizationTransformer.transform(organizations))
  }

  async store({ request, response, auth, serialize }: HttpContext) {
    const { name } = await request.validateUsing(createOrganizationValidator)
    const organization = await this.organizations.create(auth.getUserOrFail().id, name)
    response.status(201)
    return serialize(OrganizationTransformer.transform(organization))
  }

  async show({ request, bouncer, serialize }: HttpContext) {
    const { params } = await request.validateUsing(organizationValidator)
    await bouncer.with(OrganizationPolicy).authorize('view', params.organizationId)
    const organization = await this.organizations.find(params.organizationId)
    return serialize(OrganizationTransformer.transform(organization))
  }
}
