import { acceptInvitationValidator, createInvitationValidator } from '#validators/organization'
import { bodyOf, data, group, json, listOf, ref } from '#api_docs/builders'
import {
  SIGNED_IN,
  errorAnswer,
  everyRoute,
  jsonBodyErrors,
  organizationForbidden,
} from '#api_docs/shared'

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
        errors: [400, 401, 403, ...everyRoute],
      },
      'POST /organizations/:organizationId/invitations': {
        id: 'createInvitation',
        summary: 'Invite an address by email (link valid 7 days): owners and admins',
        body: bodyOf(createInvitationValidator),
        responses: { 201: json(data(ref('Invitation')), 'Invited'), ...organizationForbidden },
        errors: [...jsonBodyErrors, 401, 403, 409, ...everyRoute],
      },
      'DELETE /organizations/:organizationId/invitations/:invitationId': {
        id: 'revokeInvitation',
        summary: 'Revoke an invitation (its link dies): owners, admins for non-owner ones',
        responses: { 204: { description: 'Revoked' }, ...organizationForbidden },
        errors: [400, 401, 403, 404, ...everyRoute],
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
        errors: [...jsonBodyErrors, 401, 403, ...everyRoute],
      },
    }
  )
}
