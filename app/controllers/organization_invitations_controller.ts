import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationPolicy from '#policies/organization_policy'
import InvitationService from '#services/organizations/invitation_service'
import InvitationTransformer from '#transformers/invitation_transformer'
import OrganizationTransformer from '#transformers/organization_transformer'
import {
  acceptInvitationValidator,
  createInvitationValidator,
  organizationValidator,
  revokeInvitationValidator,
} from '#validators/organization'
import { invitationLimiter } from '#start/limiter'
import { languageOf } from '#helpers/languages'

@inject()
export default class OrganizationInvitationsController {
  constructor(private invitations: InvitationService) {}

  async index({ request, bouncer, serialize }: HttpContext) {
    const { params } = await request.validateUsing(organizationValidator)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', params.organizationId)
    return serialize(
      InvitationTransformer.transform(await this.invitations.pending(params.organizationId))
    )
  }

  /** Emails an invitation; 20 per organization per day (contract). */
  async store(ctx: HttpContext) {
    const { request, response, auth, bouncer, serialize } = ctx
    const { params, email } = await request.validateUsing(createInvitationValidator)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', params.organizationId)
    await invitationLimiter().consume(`invitations_${params.organizationId}`)
    const invitation = await this.invitations.invite(
      params.organizationId,
      auth.getUserOrFail().id,
      email,
      languageOf(ctx)
    )
    response.status(201)
    return serialize(InvitationTransformer.transform(invitation))
  }

  async destroy({ request, response, bouncer }: HttpContext) {
    const { params } = await request.validateUsing(revokeInvitationValidator)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', params.organizationId)
    await this.invitations.revoke(params.organizationId, params.invitationId)
    return response.noContent()
  }

  /** The signed-in account joins the organization it was invited to. */
  async accept({ request, auth, serialize }: HttpContext) {
    const { token } = await request.validateUsing(acceptInvitationValidator)
    const organization = await this.invitations.accept(token, auth.getUserOrFail())
    return serialize(OrganizationTransformer.transform(organization))
  }
}
