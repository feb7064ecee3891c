import vine from '@vinejs/vine'
import { choiceList, CURSOR_MAX_LENGTH, PAGE_SIZE_MAX, text, uuid } from '#validators/rules'
import { EMAIL_MAX_LENGTH, TOKEN_MAX_LENGTH } from '#validators/auth'
import { AUDIT_ACTIONS, ORGANIZATION_ROLES } from '#types/organization'

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

/**
 * A new name, whether members need two factors (owners only), or both;
 * an empty body asks for the name, as it always did.
 */
export const updateOrganizationValidator = vine.create({
  name: text({ min: 1, max: ORGANIZATION_NAME_MAX_LENGTH })
    .optional()
    .requiredIfMissing('requireTwoFactor'),
  requireTwoFactor: vine.boolean({ strict: true }).optional(),
})

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

/** GET /organizations/:organizationId/audit-log: the query string. */
export const auditLogValidator = vine.create({
  limit: vine.number().withoutDecimals().range([1, PAGE_SIZE_MAX]).optional(),
  cursor: vine.string().maxLength(CURSOR_MAX_LENGTH).optional(),
  action: choiceList(AUDIT_ACTIONS).optional(),
})
