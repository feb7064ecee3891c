import vine from '@vinejs/vine'
import { choiceList, text, uuid } from '#validators/rules'
import { AUDIT_ACTIONS, ORGANIZATION_ROLES } from '#types/organization'

/*
 * Path parameters and bodies are validated apart: the contract orders the
 * refusals 400 for a path id, 403, then 400 for the body (Roles inside an
 * organization), so the policy runs between the two.
 */

export const createOrganizationValidator = vine.create({
  name: text({ min: 1, max: 255 }),
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
  email: text({ max: 254 }).email().toLowerCase(),
  role: role().optional(),
})

export const changeRoleValidator = vine.create({
  role: role(),
})

export const transferOwnershipValidator = vine.create({
  userId: uuid(),
})

export const createInvitationValidator = vine.create({
  email: text({ max: 254 }).email().toLowerCase(),
  role: role().optional(),
})

export const acceptInvitationValidator = vine.create({
  token: vine.string().maxLength(512),
})

/** GET /organizations/:organizationId/audit-log: the query string. */
export const auditLogValidator = vine.create({
  limit: vine.number().withoutDecimals().range([1, 100]).optional(),
  cursor: vine.string().maxLength(1000).optional(),
  action: choiceList(AUDIT_ACTIONS).optional(),
})
