import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import MembershipPolicy from '#policies/membership_policy'
import OrganizationPolicy from '#policies/organization_policy'
import MembershipService from '#services/organizations/membership_service'
import MemberTransformer from '#transformers/member_transformer'
import {
  addMemberValidator,
  changeRoleValidator,
  memberValidator,
  organizationValidator,
  transferOwnershipValidator,
} from '#validators/organization'

/**
 * Path ids are validated before the policy and bodies after it: the
 * contract's order of refusals (Roles inside an organization).
 */
@inject()
export default class OrganizationMembersController {
  constructor(private memberships: MembershipService) {}

  /**
   * Owners and admins also see whether each member has a second factor. A
   * read replica fresh enough for the caller may answer.
   */
  async index({ request, auth, bouncer, serialize }: HttpContext) {
    const { params } = await request.validateUsing(organizationValidator)
    await bouncer.with(MembershipPolicy).authorize('view', params.organizationId)
    const user = auth.getUserOrFail()
    const { members, viewerManages } = await this.memberships.membersAs(
      params.organizationId,
      user.id,
      { replicaFor: user }
    )
    const list = MemberTransformer.transform(members)
    return serialize(viewerManages ? list.useVariant('forManagers') : list)
  }

  async store({ request, response, auth, bouncer, serialize }: HttpContext) {
    const { params } = await request.validateUsing(organizationValidator)
    await bouncer.with(MembershipPolicy).authorize('manage', params.organizationId)
    const { email, role } = await request.validateUsing(addMemberValidator)
    const member = await this.memberships.addMember(
      auth.getUserOrFail().id,
      params.organizationId,
      email,
      role ?? 'member'
    )
    response.status(201)
    return serialize(MemberTransformer.transform(member))
  }

  async update({ request, auth, bouncer, serialize }: HttpContext) {
    const { params } = await request.validateUsing(memberValidator)
    await bouncer.with(MembershipPolicy).authorize('manage', params.organizationId)
    const { role } = await request.validateUsing(changeRoleValidator)
    const member = await this.memberships.changeRole(
      auth.getUserOrFail().id,
      params.organizationId,
      params.userId,
      role
    )
    return serialize(MemberTransformer.transform(member))
  }

  async destroy({ request, response, auth, bouncer }: HttpContext) {
    const { params } = await request.validateUsing(memberValidator)
    await bouncer.with(MembershipPolicy).authorize('remove', params.organizationId, params.userId)
    await this.memberships.removeMember(
      auth.getUserOrFail().id,
      params.organizationId,
      params.userId
    )
    return response.noContent()
  }

  async leave({ request, response, auth, bouncer }: HttpContext) {
    const { params } = await request.validateUsing(organizationValidator)
    await bouncer.with(MembershipPolicy).authorize('leave', params.organizationId)
    await this.memberships.leave(auth.getUserOrFail().id, params.organizationId)
    return response.noContent()
  }

  /** The target becomes owner and the caller admin, in one step: owners only. */
  async transfer({ request, auth, bouncer, serialize }: HttpContext) {
    const { params } = await request.validateUsing(organizationValidator)
    await bouncer.with(OrganizationPolicy).authorize('transferOwnership', params.organizationId)
    const { userId } = await request.validateUsing(transferOwnershipValidator)
    const { from, to } = await this.memberships.transferOwnership(
      auth.getUserOrFail().id,
      params.organizationId,
      userId
    )
    const [before, after] = await Promise.all([
      serialize(MemberTransformer.transform(from)),
      serialize(MemberTransformer.transform(to)),
    ])
    return { data: { from: before.data, to: after.data } }
  }
}
