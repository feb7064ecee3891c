import {
  addMemberValidator,
  changeRoleValidator,
  transferOwnershipValidator,
} from '#validators/organization'
import { bodyOf, data, group, json, listOf, object, ref } from '#api_docs/builders'
import { everyRoute, jsonBodyErrors, organizationForbidden, SIGNED_IN } from '#api_docs/shared'

/** /organizations/:organizationId/members, leaving and the ownership transfer. */
export function memberPaths() {
  return group(
    { tag: 'members', ...SIGNED_IN },
    {
      'POST /organizations/:organizationId/leave': {
        id: 'leaveOrganization',
        summary:
          'Leave the organization (not as its last owner; also without the second factor it requires)',
        responses: { 204: { description: 'Left' } },
        errors: [400, 401, 403, 409, ...everyRoute],
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
        errors: [...jsonBodyErrors, 401, 403, 404, 409, ...everyRoute],
      },
      'GET /organizations/:organizationId/members': {
        id: 'listMembers',
        summary: 'Members of an organization (owners and admins also see `twoFactorEnabled`)',
        responses: { 200: json(data(listOf('Member')), 'Members'), ...organizationForbidden },
        errors: [400, 401, 403, ...everyRoute],
      },
      'POST /organizations/:organizationId/members': {
        id: 'addMember',
        summary: 'Add an existing account as a member, with a role: owners and admins',
        body: bodyOf(addMemberValidator),
        responses: { 201: json(data(ref('Member')), 'Added'), ...organizationForbidden },
        errors: [...jsonBodyErrors, 401, 403, 404, 409, ...everyRoute],
      },
      'PATCH /organizations/:organizationId/members/:userId': {
        id: 'changeMemberRole',
        summary: 'Change a member’s role: owners any, admins non-owners to admin or member',
        body: bodyOf(changeRoleValidator),
        responses: { 200: json(data(ref('Member')), 'The member'), ...organizationForbidden },
        errors: [...jsonBodyErrors, 401, 403, 404, 409, ...everyRoute],
      },
      'DELETE /organizations/:organizationId/members/:userId': {
        id: 'removeMember',
        summary: 'Remove a member (never the last owner; removing oneself is leaving)',
        responses: { 204: { description: 'Removed' }, ...organizationForbidden },
        errors: [400, 401, 403, 404, 409, ...everyRoute],
      },
    }
  )
}
