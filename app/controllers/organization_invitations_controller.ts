import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import MembershipPolicy from '#policies/membership_policy'
import InvitationService from '#services/organizations/invitation_service'
import InvitationTransformer from '#transformers/invitation_transformer'
import OrganizationTransformer from '#transformers/organization_transformer'
import {
  acceptInvitationValidator,
  createInvitationValidator,
  invitationValidator,
  organizationValidator,
} from '#validators/organization'
import RateLimits from '#services/platform/rate_limits'
import { languageOf } from '#helpers/languages'

@inject()
export default class OrganizationInvitationsController {
  constructor(
    private invitations: InvitationService,
    private limits: RateLimits
  ) {}

  /** A read replica fresh enough for the caller may answer. */
  async index({ request, auth, bouncer, serialize }: HttpContext) {
    const { params } = await request.validateUsing(organizationValidator)
    await bouncer.with(MembershipPolicy).authorize('view', params.organizationId)
    const pending = await this.invitations.pending(params.organizationId, {
      replicaFor: auth.getUserOrFail(),
    })
    return serialize(InvitationTransformer.transform(pending))
  }

  /** Emails an invitation carrying a role; 20 per organization per day (contract). */
  async store(ctx: HttpContext) {
    const { request, response, auth, bouncer, serialize } = ctx
    const { params } = await request.validateUsing(organizationValidator)
    await bouncer.with(MembershipPolicy).authorize('manage', params.organizationId)
    const { email, role } = await request.validateUsing(createInvitationValidator)
    await this.limits.use('invitations').consume(`invitations_${params.organizationId}`)
    const invitation = await this.invitations.invite(
      params.organizationId,
      auth.getUserOrFail().id,
      email,
      role ?? 'member',
      languageOf(ctx)
    )
    response.status(201)
    return serialize(InvitationTransformer.transform(invitation))
  }

  async destroy({ request, response, auth, bouncer }: HttpContext) {
    const { params } = await request.validateUsing(invitationValidator)
    await bouncer.with(MembershipPolicy).authorize('manage', params.organizationId)
    await this.invitations.revoke(
      auth.getUserOrFail().id,
      params.organizationId,
      params.invitationId
    )
    return response.noContent()
  }

  /** The signed-in account joins the organization it was invited to, with the invitation's role. */
  async accept({ request, auth, serialize }: HttpContext) {
    const { token } = await request.validateUsing(acceptInvitationValidator)
    const organization = await this.invitations.accept(token, auth.getUserOrFail())
    return serialize(OrganizationTransformer.transform(organization))
  }
}
