import { runPrepared } from '#helpers/prepared_statement'
import type { OrganizationRole } from '#types/organization'

/**
 * The caller's role in an organization, read on every request (never kept
 * in the session): a demotion takes effect on the next request, on every
 * instance. Null for a non-member.
 */
export async function roleOf(
  userId: string,
  organizationId: string
): Promise<OrganizationRole | null> {
  const { rows } = await runPrepared<{ role: OrganizationRole }>(
    'member_role',
    'SELECT role FROM organization_members WHERE organization_id = $1 AND user_id = $2',
    [organizationId, userId]
  )
  return rows[0]?.role ?? null
}

/** Owners and admins manage the organization's people, invitations and name. */
export function manages(role: OrganizationRole | null) {
  return role === 'owner' || role === 'admin'
}

/** Who may change or remove whom: an owner anyone, an admin anyone but an owner. */
export function mayActOn(actor: OrganizationRole, target: OrganizationRole) {
  return actor === 'owner' || (actor === 'admin' && target !== 'owner')
}

/** Who may grant a role (invite, add, change): only an owner grants `owner`. */
export function mayGrant(actor: OrganizationRole, role: OrganizationRole) {
  return actor === 'owner' || (actor === 'admin' && role !== 'owner')
}
