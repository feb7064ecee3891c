/** The three fixed roles inside an organization (contract, "Roles inside an organization"). */
export const ORGANIZATION_ROLES = ['owner', 'admin', 'member'] as const

export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number]

/** What an audit-log entry records (contract: the list of actions). */
export const AUDIT_ACTIONS = [
  'organization.created',
  'organization.renamed',
  'member.added',
  'member.removed',
  'member.left',
  'member.role_changed',
  'ownership.transferred',
  'invitation.created',
  'invitation.revoked',
  'invitation.accepted',
  'event.deleted',
  'organization.two_factor_requirement_changed',
] as const

export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** What an audit-log entry can be about. */
export const AUDIT_TARGET_TYPES = ['user', 'invitation', 'organization', 'event'] as const

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number]

export type AuditDetails = {
  fromRole?: OrganizationRole
  toRole?: OrganizationRole
  role?: OrganizationRole
  name?: string
  requireTwoFactor?: boolean
}

/** One entry of an organization's audit log, as the routes and the account export give it. */
export type AuditEntry = {
  id: string
  action: AuditAction
  occurredAt: Date
  actor: { userId: string; email: string | null }
  target: { type: AuditTargetType; id: string; email?: string | null }
  details: AuditDetails
}
