import { runPrepared } from '#helpers/prepared_statement'
import type { OrganizationRole } from '#types/organization'
import readRouting, { type ReadOptions } from '#services/platform/replicas/read_routing'

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

/** The caller's membership: their role and whether the organization requires two factors. */
export type Membership = { role: OrganizationRole; requireTwoFactor: boolean }

/**
 * The caller's role and the organization's two-factor requirement, in one
 * statement, read on every request like the role: a change of either takes
 * effect on the next request. Null for a non-member, and for everyone once
 * the organization is deleted (its rows go later, in the background).
 * On the primary unless `options` allow a replica (a read-only route's check).
 */
export async function membershipOf(
  userId: string,
  organizationId: string,
  options: ReadOptions = {}
): Promise<Membership | null> {
  const { rows } = await readRouting.read(options, (connection) =>
    runPrepared<{ role: OrganizationRole; require_two_factor: boolean }>(
      'membership',
      `SELECT m.role, o.require_two_factor
         FROM organization_members m JOIN organizations o ON o.id = m.organization_id
        WHERE m.organization_id = $1 AND m.user_id = $2 AND o.deleted_at IS NULL`,
      [organizationId, userId],
      connection
    )
  )
  const row = rows[0]
  return row ? { role: row.role, requireTwoFactor: row.require_two_factor } : null
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
