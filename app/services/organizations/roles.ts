import { inject } from '@adonisjs/core'
import { runPrepared } from '#helpers/prepared_statement'
import type { OrganizationRole } from '#types/organization'
import ReadRouting, { type ReadOptions } from '#services/platform/replicas/read_routing'

/** The caller's membership: their role and whether the organization requires two factors. */
export type Membership = { role: OrganizationRole; requireTwoFactor: boolean }

/**
 * The one read of a caller's role in an organization, done on every request
 * (never kept in the session): a demotion takes effect on the next request,
 * on every instance. The rules on roles (`manages`, `mayGrant`...) are
 * pure, in #helpers/organization_roles. One per process (the bindings
 * provider): the policies hold it.
 */
@inject()
export default class OrganizationRoles {
  constructor(private routing: ReadRouting) {}

  /**
   * The caller's role and the organization's two-factor requirement, in one
   * statement: a change of either takes effect on the next request. Null for
   * a non-member, and for everyone once the organization is deleted (its
   * rows go later, in the background). On the primary unless `options`
   * allow a replica (a read-only route's check).
   */
  async membershipOf(
    userId: string,
    organizationId: string,
    options: ReadOptions = {}
  ): Promise<Membership | null> {
    const { rows } = await this.routing.read(options, (connection) =>
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

  /** The caller's role (null for a non-member), on the primary. */
  async roleOf(userId: string, organizationId: string): Promise<OrganizationRole | null> {
    const membership = await this.membershipOf(userId, organizationId)
    return membership?.role ?? null
  }
}
