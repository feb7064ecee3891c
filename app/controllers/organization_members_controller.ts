import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationPolicy from '#policies/organization_policy'
import OrganizationService from '#services/organizations/organization_service'
import MemberTransformer from '#transformers/member_transformer'
import {
  addMemberValidator,
  organizationValidator,
  removeMemberValidator,
} from '#validators/organization'

@inject()
export default class OrganizationMembersController {
  constructor(private organizations: OrganizationService) {}

  async index({ request, bouncer, serialize }: HttpContext) {
    const { params } = await request.validateUsing(organizationValidator)
    await bouncer.with(OrganizationPolicy).authorize('view', params.organizationId)
    const members = await this.organizations.members(params.organizationId)
    return serialize(MemberTransformer.transform(members))
  }

  async store({ request, response, bouncer, serialize }: HttpContext) {
    const { params, email } = await request.validateUsing(addMemberValidator)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', params.organizationId)
    const member = await this.organizations.addMember(params.organizationId, email)
    response.status(201)
    return serialize(MemberTransformer.transform(member))
  }

  async destroy({ request, response, bouncer }: HttpContext) {
    const { params } = await request.validateUsing(removeMemberValidator)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', params.organizationId)
    await this.organizations.removeMember(params.organizationId, params.userId)
    return response.noContent()
  }
}
