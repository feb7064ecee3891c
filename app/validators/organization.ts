import vine from '@vinejs/vine'
import { text, uuid } from '#validators/rules'

export const createOrganizationValidator = vine.create({
  name: text({ min: 1, max: 255 }),
})

export const organizationValidator = vine.create({
  params: vine.object({ organizationId: uuid() }),
})

export const addMemberValidator = vine.create({
  email: text({ max: 254 }).email().toLowerCase(),
  params: vine.object({ organizationId: uuid() }),
})

export const removeMemberValidator = vine.create({
  params: vine.object({ organizationId: uuid(), userId: uuid() }),
})

export const createInvitationValidator = vine.create({
  email: text({ max: 254 }).email().toLowerCase(),
  params: vine.object({ organizationId: uuid() }),
})

export const revokeInvitationValidator = vine.create({
  params: vine.object({ organizationId: uuid(), invitationId: uuid() }),
})

export const acceptInvitationValidator = vine.create({
  token: vine.string().maxLength(512),
})
