import vine from '@vinejs/vine'
import { CURSOR_MAX_LENGTH, PAGE_SIZE_MAX, text, uuid } from '#validators/rules'
import { EMAIL_MAX_LENGTH, TOKEN_MAX_LENGTH } from '#validators/auth'
import { AUDIT_ACTIONS, ORGANIZATION_ROLES, type AuditAction } from '#types/organization'

/*
 * Path parameters and bodies are validated apart: the contract orders the
 * refusals 400 for a path id, 403, then 400 for the body (Roles inside an
 * organization), so the policy runs between the two.
 */

/** An organization's name. */
export const ORGANIZATION_NAME_MAX_LENGTH = 255

export const createOrganizationValidator = vine.create({
  name: text({ min: 1, max: ORGANIZATION_NAME_MAX_LENGTH }),
})

export const updateOrganizationValidator = createOrganizationValidator

export const organizationValidator = vine.create({
  params: vine.object({ organizationId: uuid() }),
})

export const memberValidator = vine.create({
  params: vine.object({ organizationId: uuid(), userId: uuid() }),
})

export const invitationValidator = vine.create({
  params: vine.object({ organizationId: uuid(), invitationId: uuid() }),
})

const role = () => vine.enum(ORGANIZATION_ROLES)

export const addMemberValidator = vine.create({
  email: text({ max: EMAIL_MAX_LENGTH }).email().toLowerCase(),
  role: role().optional(),
})

export const changeRoleValidator = vine.create({
  role: role(),
})

export const transferOwnershipValidator = vine.create({
  userId: uuid(),
})

export const createInvitationValidator = vine.create({
  email: text({ max: EMAIL_MAX_LENGTH }).email().toLowerCase(),
  role: role().optional(),
})

export const acceptInvitationValidator = vine.create({
  token: vine.string().maxLength(TOKEN_MAX_LENGTH),
})

/**
 * `action=member.added,member.removed`: one or more actions, comma-separated
 * (the query-string parser splits on commas, so an array arrives).
 */
const actionList = () =>
  vine
    .any()
    .use(
      vine.createRule((value, _options, field) => {
        const actions = typeof value === 'string' ? [value] : value
        if (
          !Array.isArray(actions) ||
          actions.length === 0 ||
          !actions.every((action) => (AUDIT_ACTIONS as readonly unknown[]).includes(action))
        ) {
          // Its own message under the `enum` rule: `messageKey` names it in the catalogue.
          field.report(
            `The {{ field }} field must be a comma-separated list of ${AUDIT_ACTIONS.join(', ')}`,
            'enum',
            field,
            { messageKey: 'comma_list', choices: AUDIT_ACTIONS.join(', ') }
          )
        }
      })()
    )
    .transform(
      (value: string | string[]) =>
        [...new Set(typeof value === 'string' ? [value] : value)] as AuditAction[]
    )

/** GET /organizations/:organizationId/audit-log: the query string. */
export const auditLogValidator = vine.create({
  limit: vine.number().withoutDecimals().range([1, PAGE_SIZE_MAX]).optional(),
  cursor: vine.string().maxLength(CURSOR_MAX_LENGTH).optional(),
  action: actionList().optional(),
})
