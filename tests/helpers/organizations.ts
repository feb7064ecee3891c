import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import OrganizationInvitation from '#models/organization_invitation'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { addMember } from '#tests/helpers/accounts'
import { eventOf } from '#tests/helpers/events'
import type { OrganizationRole } from '#types/organization'

export const NOT_A_MEMBER = {
  errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
}

export const LAST_OWNER = {
  errors: [
    { message: 'An organization must keep at least one owner', code: 'organization.last_owner' },
  ],
}

/** 403 `auth.insufficient_role` with its message. */
export function insufficientRole(message: string) {
  return { errors: [{ message, code: 'auth.insufficient_role' }] }
}

/** A pending invitation written directly (its link is not needed). */
export function pendingInvitation(
  organizationId: string,
  email: string,
  role: OrganizationRole,
  invitedBy: string
) {
  return OrganizationInvitation.create({
    organizationId,
    email,
    role,
    invitedBy,
    hash: 'x'.repeat(64),
    expiresAt: DateTime.now().plus({ days: 7 }),
  })
}

/**
 * An organization with two owners, an admin, two members (one the target of
 * changes), an outsider, an event and a pending invitation of each role.
 */
export async function organizationWithRoles() {
  const organization = await OrganizationFactory.create()
  const [owner, coOwner, admin, member, target, outsider] = await UserFactory.createMany(6)
  await addMember(organization, owner, 'owner')
  await addMember(organization, coOwner, 'owner')
  await addMember(organization, admin, 'admin')
  await addMember(organization, member, 'member')
  await addMember(organization, target, 'member')
  const event = await eventOf(organization)
  const memberInvitation = await pendingInvitation(
    organization.id,
    'invited-member@example.com',
    'member',
    owner.id
  )
  const ownerInvitation = await pendingInvitation(
    organization.id,
    'invited-owner@example.com',
    'owner',
    owner.id
  )
  return {
    organization,
    event,
    memberInvitation,
    ownerInvitation,
    users: { owner, coOwner, admin, member, target, outsider },
  }
}

/** Every row that belongs to the organization, as text: equal before and after a refusal. */
export async function organizationRows(organizationId: string) {
  const { rows } = await db.rawQuery(
    `SELECT json_build_object(
       'organization', (SELECT json_agg(o) FROM organizations o WHERE id = :id),
       'members', (SELECT json_agg(m ORDER BY user_id) FROM organization_members m
                    WHERE organization_id = :id),
       'invitations', (SELECT json_agg(i ORDER BY id) FROM organization_invitations i
                        WHERE organization_id = :id),
       'events', (SELECT json_agg(e ORDER BY id) FROM events e WHERE organization_id = :id),
       'audit', (SELECT json_agg(a ORDER BY id) FROM organization_audit_entries a
                  WHERE organization_id = :id)
     )::text AS rows`,
    { id: organizationId }
  )
  return rows[0].rows as string
}

/** The owners of an organization, by user id. */
export async function ownersOf(organizationId: string) {
  const rows = await db
    .from('organization_members')
    .where({ organization_id: organizationId, role: 'owner' })
    .select('user_id')
  return rows.map((row) => row.user_id as string).sort()
}
