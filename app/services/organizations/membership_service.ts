import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import OrganizationMember from '#models/organization_member'
import User from '#models/user'
import ConflictException from '#exceptions/conflict_exception'
import ForbiddenException from '#exceptions/forbidden_exception'
import InsufficientRoleException from '#exceptions/insufficient_role_exception'
import NotFoundException from '#exceptions/not_found_exception'
import AuditLog from '#services/organizations/audit_log'
import MemberLimit from '#services/organizations/member_limit'
import OwnerInvariant from '#services/organizations/owner_invariant'
import { manages, mayActOn, mayGrant } from '#helpers/organization_roles'
import type { AuditAction, AuditDetails, OrganizationRole } from '#types/organization'
import { message } from '#exceptions/api_exception'
import ReadRouting, { type ReadOptions } from '#services/platform/replicas/read_routing'
import WritePositions from '#services/platform/replicas/write_positions'

const NOT_A_MEMBER = message('errors.organizations.not_a_member_account')
const CHANGED = message('errors.organizations.changed_meanwhile')
const ACT_ON_OWNER = message('errors.roles.act_on_owner')
const GRANT_OWNER = message('errors.roles.grant_owner')

/**
 * Writes the audit entry of a change to a member, in the change's
 * transaction; the member's email is copied from their account when not given.
 */
function recordMemberChange(
  trx: TransactionClientContract,
  action: AuditAction,
  change: { organizationId: string; actorId: string; userId: string; email?: string },
  details: AuditDetails
) {
  const { organizationId, actorId, userId, email } = change
  return AuditLog.record(trx, {
    organizationId,
    action,
    actorId,
    target: { type: 'user', id: userId, email },
    details,
  })
}

/**
 * The members of an organization and their roles. Every change that can
 * take an owner away runs under the organization's row lock
 * (OwnerInvariant) and writes its audit entry in the same transaction.
 *
 * Changes to a member are decided twice: on what was read before the lock
 * (404, then 403 `auth.insufficient_role` for the target, as the contract
 * orders them), and again under the lock, where a concurrent change is a
 * 409: `organization.last_owner` when no owner would be left, else
 * `common.resource.conflict`.
 *
 * A change to someone else's membership keeps the primary's WAL position on
 * their account once committed (write_positions.ts), so their next read
 * sees it even where a replica would serve it; the caller's own is kept by
 * the read-your-writes middleware.
 */
@inject()
export default class MembershipService {
  constructor(
    private routing: ReadRouting,
    private writePositions: WritePositions,
    private memberLimit: MemberLimit,
    private ownerInvariant: OwnerInvariant
  ) {}

  /** Members with their accounts and roles, in the order they joined. */
  members(organizationId: string, connection?: string) {
    return OrganizationMember.query({ connection })
      .where('organizationId', organizationId)
      .preload('user')
      .orderBy('created_at', 'asc')
      .orderBy('user_id', 'asc')
  }

  /**
   * The members, and whether the viewer (one of them) manages the
   * organization: their role is read from the list itself, no other query.
   * Two statements (the members, their accounts), on a replica if `options` allow.
   */
  async membersAs(organizationId: string, viewerId: string, options: ReadOptions = {}) {
    const members = await this.routing.read(
      options,
      (connection) => this.members(organizationId, connection).exec(),
      2
    )
    const viewer = members.find((member) => member.userId === viewerId)
    return { members, viewerManages: manages(viewer?.role ?? null) }
  }

  /** Adds an existing account with `role`; the primary key says no to a second membership. */
  async addMember(actorId: string, organizationId: string, email: string, role: OrganizationRole) {
    const user = await User.findBy('email', email)
    if (!user) throw new NotFoundException(message('errors.organizations.no_such_account'))

    const added = await db.transaction(async (trx) => {
      await this.ownerInvariant.lock(trx, organizationId)
      const roles = await this.#roles(trx, organizationId, [actorId, user.id])
      const actorRole = roles.get(actorId)
      if (!actorRole) throw new ForbiddenException(message('errors.auth.not_a_member'))
      if (!mayGrant(actorRole, role)) throw new InsufficientRoleException(GRANT_OWNER)
      if (roles.has(user.id))
        throw new ConflictException(message('errors.organizations.already_member'))
      await this.memberLimit.assertRoomForOneMore(trx, organizationId)

      const member = await OrganizationMember.create(
        { organizationId, userId: user.id, role },
        { client: trx }
      )
      const who = { organizationId, actorId, userId: user.id, email: user.email }
      await recordMemberChange(trx, 'member.added', who, { role })
      member.$setRelated('user', user)
      return member
    })
    await this.writePositions.record([user.id])
    return added
  }

  /** Gives a member another role; the same role changes nothing and logs nothing. */
  async changeRole(
    actorId: string,
    organizationId: string,
    userId: string,
    role: OrganizationRole
  ) {
    await db.transaction(async (trx) => {
      const decide = (roles: Map<string, OrganizationRole>) => {
        const actor = roles.get(actorId)
        const target = roles.get(userId)
        if (!target) throw new NotFoundException(NOT_A_MEMBER)
        if (!actor) return false
        return mayActOn(actor, target) && mayGrant(actor, role)
      }
      const before = await this.#roles(trx, organizationId, [actorId, userId])
      if (!decide(before)) {
        throw new InsufficientRoleException(
          before.get(userId) === 'owner' ? ACT_ON_OWNER : GRANT_OWNER
        )
      }

      await this.ownerInvariant.lock(trx, organizationId)
      const now = await this.#roles(trx, organizationId, [actorId, userId])
      const fromRole = now.get(userId)
      if (fromRole === 'owner' && role !== 'owner') {
        await this.ownerInvariant.assertOwnerRemains(trx, organizationId, [userId])
      }
      if (!decide(now)) throw new ConflictException(CHANGED)
      if (fromRole === role) return

      await trx
        .from('organization_members')
        .where({ organization_id: organizationId, user_id: userId })
        .update({ role })
      const who = { organizationId, actorId, userId }
      await recordMemberChange(trx, 'member.role_changed', who, { fromRole, toRole: role })
    })
    await this.writePositions.record([userId])
    return this.#member(organizationId, userId)
  }

  /** Removes a member; removing oneself is leaving. */
  async removeMember(actorId: string, organizationId: string, userId: string) {
    if (userId === actorId) return this.leave(actorId, organizationId)
    await db.transaction(async (trx) => {
      const decide = (roles: Map<string, OrganizationRole>) => {
        const actor = roles.get(actorId)
        const target = roles.get(userId)
        if (!target) throw new NotFoundException(NOT_A_MEMBER)
        return actor !== undefined && mayActOn(actor, target)
      }
      if (!decide(await this.#roles(trx, organizationId, [actorId, userId]))) {
        throw new InsufficientRoleException(ACT_ON_OWNER)
      }

      await this.ownerInvariant.lock(trx, organizationId)
      const now = await this.#roles(trx, organizationId, [actorId, userId])
      const role = now.get(userId)
      if (role === 'owner')
        await this.ownerInvariant.assertOwnerRemains(trx, organizationId, [userId])
      if (!decide(now)) throw new ConflictException(CHANGED)

      await this.#deleteMembership(trx, organizationId, userId)
      await recordMemberChange(trx, 'member.removed', { organizationId, actorId, userId }, { role })
    })
    await this.writePositions.record([userId])
  }

  /** The caller leaves; the last owner cannot (409), also as the last member. */
  async leave(userId: string, organizationId: string) {
    await db.transaction(async (trx) => {
      await this.ownerInvariant.lock(trx, organizationId)
      const roles = await this.#roles(trx, organizationId, [userId])
      const role = roles.get(userId)
      if (!role) throw new ForbiddenException(message('errors.auth.not_a_member'))
      if (role === 'owner')
        await this.ownerInvariant.assertOwnerRemains(trx, organizationId, [userId])

      // Written before the membership goes, while the email is still the member's.
      const who = { organizationId, actorId: userId, userId }
      await recordMemberChange(trx, 'member.left', who, { role })
      await this.#deleteMembership(trx, organizationId, userId)
    })
  }

  /**
   * Hands ownership to a member who is not an owner: they become owner and
   * the caller admin, in one step. Of two concurrent transfers by one owner,
   * the second finds the caller no longer an owner (409).
   */
  async transferOwnership(actorId: string, organizationId: string, userId: string) {
    await db.transaction(async (trx) => {
      const decide = (roles: Map<string, OrganizationRole>) => {
        const target = roles.get(userId)
        if (!target) throw new NotFoundException(NOT_A_MEMBER)
        if (userId === actorId)
          throw new ConflictException(message('errors.organizations.transfer_to_self'))
        if (target === 'owner')
          throw new ConflictException(message('errors.organizations.already_owner'))
        return target
      }
      decide(await this.#roles(trx, organizationId, [userId]))

      await this.ownerInvariant.lock(trx, organizationId)
      const now = await this.#roles(trx, organizationId, [actorId, userId])
      const fromRole = decide(now)
      if (now.get(actorId) !== 'owner') throw new ConflictException(CHANGED)

      await trx
        .from('organization_members')
        .where({ organization_id: organizationId, user_id: userId })
        .update({ role: 'owner' })
      await this.ownerInvariant.assertOwnerRemains(trx, organizationId, [actorId])
      await trx
        .from('organization_members')
        .where({ organization_id: organizationId, user_id: actorId })
        .update({ role: 'admin' })
      const who = { organizationId, actorId, userId }
      await recordMemberChange(trx, 'ownership.transferred', who, { fromRole, toRole: 'owner' })
    })
    await this.writePositions.record([userId])
    return {
      from: await this.#member(organizationId, actorId),
      to: await this.#member(organizationId, userId),
    }
  }

  #member(organizationId: string, userId: string) {
    return OrganizationMember.query()
      .where({ organizationId, userId })
      .preload('user')
      .firstOrFail()
  }

  /** The roles of these accounts in the organization (absent: not a member). */
  async #roles(trx: TransactionClientContract, organizationId: string, userIds: string[]) {
    const rows: { user_id: string; role: OrganizationRole }[] = await trx
      .from('organization_members')
      .where('organization_id', organizationId)
      .whereIn('user_id', userIds)
      .select('user_id', 'role')
    return new Map(rows.map((row) => [row.user_id, row.role]))
  }

  #deleteMembership(trx: TransactionClientContract, organizationId: string, userId: string) {
    return trx
      .from('organization_members')
      .where({ organization_id: organizationId, user_id: userId })
      .delete()
  }
}
