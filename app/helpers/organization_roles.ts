import type { OrganizationRole } from '#types/organization'

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
