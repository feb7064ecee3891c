import {
  auditLogValidator,
  createOrganizationValidator,
  updateOrganizationValidator,
} from '#validators/organization'
import { bodyOf, data, group, json, listOf, page, ref } from '#api_docs/builders'
import {
  SIGNED_IN,
  errorAnswer,
  everyRoute,
  jsonBodyErrors,
  organizationForbidden,
} from '#api_docs/shared'

/** /organizations: the organizations themselves and their audit log. */
export function organizationPaths() {
  return group(
    { tag: 'organizations', ...SIGNED_IN },
    {
      'GET /organizations': {
        id: 'listOrganizations',
        summary: 'The organizations the caller belongs to',
        responses: { 200: json(data(listOf('Organization')), 'Organizations') },
        errors: [401, ...everyRoute],
      },
      'POST /organizations': {
        id: 'createOrganization',
        summary: 'Create an organization (the caller becomes its owner)',
        body: bodyOf(createOrganizationValidator),
        responses: { 201: json(data(ref('Organization')), 'Created') },
        errors: [...jsonBodyErrors, 401, ...everyRoute],
      },
      'GET /organizations/:organizationId': {
        id: 'getOrganization',
        summary: 'One organization',
        responses: {
          200: json(data(ref('Organization')), 'The organization'),
          ...organizationForbidden,
        },
        errors: [400, 401, 403, ...everyRoute],
      },
      'PATCH /organizations/:organizationId': {
        id: 'updateOrganization',
        summary:
          'Rename the organization (owners and admins), require two factors of its members (owners), or both',
        body: bodyOf(updateOrganizationValidator),
        responses: {
          200: json(data(ref('Organization')), 'Changed'),
          ...organizationForbidden,
          409: errorAnswer(
            'An owner whose own account has no second factor turns `requireTwoFactor` on (`organization.two_factor_required_for_actor`)'
          ),
        },
        errors: [...jsonBodyErrors, 401, 403, 409, ...everyRoute],
      },
      'DELETE /organizations/:organizationId': {
        id: 'deleteOrganization',
        reauthentication: true,
        summary:
          'Delete the organization with its members, invitations, events, idempotency records and audit log: owners',
        responses: {
          204: {
            description:
              'Deleted: from now on gone for every route (its former members get 403, its invitation links 400 `input.token.invalid`); its rows are purged in the background, in batches',
          },
          ...organizationForbidden,
        },
        errors: [400, 401, 403, ...everyRoute],
      },
      'GET /organizations/:organizationId/audit-log': {
        id: 'listAuditLog',
        summary: 'Who did what, newest first (keyset pagination): owners and admins',
        // `action` is the validator's list: an array, in every form (rules.ts choiceList).
        query: bodyOf(auditLogValidator).properties,
        responses: { 200: json(page('AuditEntry'), 'A page of entries'), ...organizationForbidden },
        errors: [400, 401, 403, ...everyRoute],
      },
    }
  )
}
