import {
  acceptInvitationValidator,
  addMemberValidator,
  changeRoleValidator,
  createInvitationValidator,
  transferOwnershipValidator,
} from '#validators/organization'
import { bodyOf, data, group, json, listOf, object, ref } from '#api_docs/builders'
import { errorAnswer, jsonBodyErrors, organizationForbidden, SIGNED_IN } from '#api_docs/shared'

/** Membership: /organizations/:organizationId/members, leaving, the ownership transfer and invitations. */
export function memberPaths() {
  return group(
    { tag: 'members', ...SIGNED_IN },
    {
      'POST /organizations/:organizationId/leave': {
        id: 'leaveOrganization',
        summary:
          'Leave the organization (not as its last owner; also without the second factor it requires)',
        responses: { 204: { description: 'Left' } },
        errors: [400, 403, 409],
      },
      'POST /organizations/:organizationId/ownership-transfer': {
        id: 'transferOwnership',
        reauthentication: true,
        summary: 'Make a member owner and the caller admin, in one step: owners',
        body: bodyOf(transferOwnershipValidator),
        responses: {
          200: json(data(object({ from: ref('Member'), to: ref('Member') })), 'Transferred'),
          ...organizationForbidden,
        },
        errors: [...jsonBodyErrors, 403, 404, 409],
      },
      'GET /organizations/:organizationId/members': {
        id: 'listMembers',
        summary: 'Members of an organization (owners and admins also see `twoFactorEnabled`)',
        responses: { 200: json(data(listOf('Member')), 'Members'), ...organizationForbidden },
        errors: [400, 403],
      },
      'POST /organizations/:organizationId/members': {
        id: 'addMember',
        summary: 'Add an existing account as a member, with a role: owners and admins',
        body: bodyOf(addMemberValidator),
        responses: { 201: json(data(ref('Member')), 'Added'), ...organizationForbidden },
        errors: [...jsonBodyErrors, 403, 404, 409],
      },
      'PATCH /organizations/:organizationId/members/:userId': {
        id: 'changeMemberRole',
        summary: 'Change a member’s role: owners any, admins non-owners to admin or member',
        body: bodyOf(changeRoleValidator),
        responses: { 200: json(data(ref('Member')), 'The member'), ...organizationForbidden },
        errors: [...jsonBodyErrors, 403, 404, 409],
      },
      'DELETE /organizations/:organizationId/members/:userId': {
        id: 'removeMember',
        summary: 'Remove a member (never the last owner; removing oneself is leaving)',
        responses: { 204: { description: 'Removed' }, ...organizationForbidden },
        errors: [400, 403, 404, 409],
      },
    }
  )
}

/** An organization's invitations, and their acceptance by the invited account. */
export function invitationPaths() {
  return group(
    { tag: 'invitations', ...SIGNED_IN },
    {
      'GET /organizations/:organizationId/invitations': {
        id: 'listInvitations',
        summary: 'Pending invitations',
        responses: {
          200: json(data(listOf('Invitation')), 'Invitations'),
          ...organizationForbidden,
        },
        errors: [400, 403],
      },
      'POST /organizations/:organizationId/invitations': {
        id: 'createInvitation',
        summary: 'Invite an address by email (link valid 7 days): owners and admins',
        body: bodyOf(createInvitationValidator),
        responses: { 201: json(data(ref('Invitation')), 'Invited'), ...organizationForbidden },
        errors: [...jsonBodyErrors, 403, 409],
      },
      'DELETE /organizations/:organizationId/invitations/:invitationId': {
        id: 'revokeInvitation',
        summary: 'Revoke an invitation (its link dies): owners, admins for non-owner ones',
        responses: { 204: { description: 'Revoked' }, ...organizationForbidden },
        errors: [400, 403, 404],
      },
      'POST /invitations/accept': {
        id: 'acceptInvitation',
        summary: 'Accept an invitation as the invited, signed-in account',
        body: bodyOf(acceptInvitationValidator),
        responses: {
          200: json(data(ref('Organization')), 'Now a member'),
          403: errorAnswer(
            'The invitation is for another address (`auth.forbidden`), the organization requires two factors and the account has no second factor (`organization.two_factor_required`: the invitation stays), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`)'
          ),
        },
        errors: [...jsonBodyErrors, 403],
      },
    }
  )
}
