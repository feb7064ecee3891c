import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { errors } from '@adonisjs/lucid'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Organization from '#models/organization'
import OrganizationMember from '#models/organization_member'
import AuditLog from '#services/organizations/audit_log'
import OwnerInvariant from '#services/organizations/owner_invariant'
import TwoFactorRequirement from '#services/organizations/two_factor_requirement'
import JobQueue from '#services/jobs/job_queue'
import ReadRouting, { type ReadOptions } from '#services/platform/replicas/read_routing'

/**
 * An organization itself: created with its creator as owner, listed and
 * found with the caller's role, renamed, its two-factor requirement set, deleted. Its members are
 * MembershipService's. Each change writes its audit entry in its transaction.
 */
@inject()
export default class OrganizationService {
  constructor(
    private queue: JobQueue,
    private routing: ReadRouting,
    private twoFactorRequirement: TwoFactorRequirement,
    private ownerInvariant: OwnerInvariant
  ) {}

  /** Creates the organization with its creator as its owner. */
  async create(creatorId: string, name: string) {
    return db.transaction(async (trx) => {
      const organization = await Organization.create(
        { name, requireTwoFactor: false },
        { client: trx }
      )
      await OrganizationMember.create(
        { organizationId: organization.id, userId: creatorId, role: 'owner' },
        { client: trx }
      )
      await AuditLog.record(trx, {
        organizationId: organization.id,
        action: 'organization.created',
        actorId: creatorId,
        target: { type: 'organization', id: organization.id },
        details: { name },
      })
      organization.$extras.role = 'owner'
      return organization
    })
  }

  /** The organizations `userId` belongs to, oldest first, each with their role in it. */
  listFor(userId: string, options: ReadOptions = {}) {
    return this.routing.read(options, (connection) =>
      this.#withRoleOf(userId, connection)
        .orderBy('organizations.created_at', 'asc')
        .orderBy('organizations.id', 'asc')
        .exec()
    )
  }

  /** The organization with the caller's role in it (on the primary unless `options` allow a replica). */
  async find(organizationId: string, userId: string, options: ReadOptions = {}) {
    const organization = await this.routing.read(options, (connection) =>
      this.#withRoleOf(userId, connection).where('organizations.id', organizationId).first()
    )
    if (!organization) throw new errors.E_ROW_NOT_FOUND()
    return organization
  }

  /**
   * Renames the organization, sets whether its members need two factors
   * (owners only; turning it on, only with a second factor of one's own),
   * or both: each change that changes something writes its audit entry, in
   * one transaction under the organization's lock.
   */
  async update(
    actorId: string,
    organizationId: string,
    changes: { name?: string; requireTwoFactor?: boolean }
  ) {
    const { name, requireTwoFactor } = changes
    await db.transaction(async (trx) => {
      await this.ownerInvariant.lock(trx, organizationId)
      const organization = await Organization.findOrFail(organizationId, { client: trx })
      if (requireTwoFactor !== undefined) {
        await this.twoFactorRequirement.assertMayChangeRequirement(
          trx,
          actorId,
          organizationId,
          requireTwoFactor
        )
      }
      const target = { type: 'organization', id: organizationId } as const
      if (name !== undefined && name !== organization.name) {
        organization.name = name
        await AuditLog.record(trx, {
          organizationId,
          action: 'organization.renamed',
          actorId,
          target,
          details: { name },
        })
      }
      if (requireTwoFactor !== undefined && requireTwoFactor !== organization.requireTwoFactor) {
        organization.requireTwoFactor = requireTwoFactor
        await AuditLog.record(trx, {
          organizationId,
          action: 'organization.two_factor_requirement_changed',
          actorId,
          target,
          details: { requireTwoFactor },
        })
      }
      if (organization.$isDirty) await organization.useTransaction(trx).save()
    })
    return this.find(organizationId, actorId)
  }

  /**
   * Deletes the organization (contract, Roles: from the 204 it is gone for
   * every route); its rows are purged in the background.
   */
  async delete(organizationId: string) {
    await db.transaction((trx) => this.deleteWithin(trx, organizationId))
  }

  /**
   * Within `trx`, under the organization's lock: marks it deleted, which
   * every membership check reads (roles.ts, the event statements, the
   * lists), and enqueues its purge in the same transaction, so the mark
   * and the job commit together (app/services/organizations/organization_purge.ts).
   * Also used by account deletion for organizations whose only member leaves.
   */
  async deleteWithin(trx: TransactionClientContract, organizationId: string) {
    await this.ownerInvariant.lock(trx, organizationId)
    await trx.from('organizations').where('id', organizationId).update({ deleted_at: new Date() })
    await this.queue.send('organization-purge', { organizationId }, { client: trx })
  }

  #withRoleOf(userId: string, connection?: string) {
    return Organization.query({ connection })
      .join('organization_members', 'organization_members.organization_id', 'organizations.id')
      .where('organization_members.user_id', userId)
      .whereNull('organizations.deleted_at')
      .select('organizations.*', 'organization_members.role')
  }
}
