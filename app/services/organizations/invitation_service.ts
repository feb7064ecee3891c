import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Account } from '#types/account'
import Organization from '#models/organization'
import OrganizationInvitation from '#models/organization_invitation'
import ConflictException from '#exceptions/conflict_exception'
import ForbiddenException from '#exceptions/forbidden_exception'
import InsufficientRoleException from '#exceptions/insufficient_role_exception'
import InternalException from '#exceptions/internal_exception'
import InvalidTokenException from '#exceptions/invalid_token_exception'
import NotFoundException from '#exceptions/not_found_exception'
import OrganizationInvitationNotification from '#mails/organization_invitation_notification'
import { isUniqueViolation } from '#helpers/database_errors'
import { EmailedToken } from '#services/accounts/emailed_token'
import MailDelivery from '#services/platform/mail_delivery'
import AuditLog from '#services/organizations/audit_log'
import MemberLimit from '#services/organizations/member_limit'
import OwnerInvariant from '#services/organizations/owner_invariant'
import ReadRouting, { type ReadOptions } from '#services/platform/replicas/read_routing'
import OrganizationRoles from '#services/organizations/roles'
import { mayGrant } from '#helpers/organization_roles'
import TwoFactorRequirement from '#services/organizations/two_factor_requirement'
import type { OrganizationRole } from '#types/organization'
import { accountTokens } from '#config/accounts'
import { message } from '#exceptions/api_exception'
import type { Language } from '#helpers/languages'

const NOT_SENT = message('errors.organizations.invitation_not_sent')

@inject()
export default class InvitationService {
  constructor(
    private delivery: MailDelivery,
    private routing: ReadRouting,
    private roles: OrganizationRoles,
    private memberLimit: MemberLimit,
    private twoFactorRequirement: TwoFactorRequirement,
    private ownerInvariant: OwnerInvariant
  ) {}

  /**
   * Records the invitation (committed), then emails its link with no
   * transaction held. When the email fails the invitation is removed, so
   * nothing is half-done and the same address can be invited again.
   */
  /** `language`: the inviting request's; the email is written in it. */
  async invite(
    organizationId: string,
    inviterId: string,
    email: string,
    role: OrganizationRole,
    language: Language
  ) {
    const inviterRole = await this.roles.roleOf(inviterId, organizationId)
    if (inviterRole && !mayGrant(inviterRole, role)) {
      throw new InsufficientRoleException(message('errors.roles.only_owners_invite_owners'))
    }
    const { secret, hash, expiresAt } = EmailedToken.create(accountTokens.invitationTtl)
    const { invitation, organization } = await db.transaction(async (trx) => {
      // The member limit counts pending invitations: taken under the organization's lock.
      await this.ownerInvariant.lock(trx, organizationId)
      const found = await Organization.findOrFail(organizationId, { client: trx })
      const member = await trx
        .from('organization_members')
        .join('users', 'users.id', 'organization_members.user_id')
        .where('organization_members.organization_id', organizationId)
        .where('users.email', email)
        .first()
      if (member)
        throw new ConflictException(message('errors.organizations.address_already_member'))
      // An expired invitation no longer blocks a new one.
      await OrganizationInvitation.query({ client: trx })
        .where('organization_id', organizationId)
        .where('email', email)
        .where('expires_at', '<=', new Date())
        .delete()
      const pending = await OrganizationInvitation.query({ client: trx })
        .where('organization_id', organizationId)
        .where('email', email)
        .first()
      if (pending) throw new ConflictException(message('errors.organizations.invitation_pending'))
      await this.memberLimit.assertRoomForOneMore(trx, organizationId)
      try {
        const created = await OrganizationInvitation.create(
          {
            organizationId,
            email,
            hash,
            role,
            invitedBy: inviterId,
            expiresAt: DateTime.fromJSDate(expiresAt),
          },
          { client: trx }
        )
        await AuditLog.record(trx, {
          organizationId,
          action: 'invitation.created',
          actorId: inviterId,
          target: { type: 'invitation', id: created.id, email },
          details: { role },
        })
        return { invitation: created, organization: found }
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictException(message('errors.organizations.invitation_pending'), {
            cause: error,
          })
        }
        throw error
      }
    })

    const token = new EmailedToken({ id: invitation.id, hash, expiresAt }, secret).publicValue
    try {
      await this.delivery.send(
        new OrganizationInvitationNotification(email, language, organization.name, token)
      )
    } catch (error) {
      // Never sent, so never made: the invitation goes with its audit entry.
      await db.transaction(async (trx) => {
        await trx.from('organization_audit_entries').where('target_id', invitation.id).delete()
        await invitation.useTransaction(trx).delete()
      })
      throw new InternalException(
        !app.inProduction && error instanceof Error ? error.message : NOT_SENT,
        { cause: error }
      )
    }
    await invitation.load('inviter')
    return invitation
  }

  /** Pending invitations, oldest first, with who sent them (two statements; a replica if `options` allow). */
  pending(organizationId: string, options: ReadOptions = {}) {
    const now = new Date()
    return this.routing.read(
      options,
      (connection) =>
        OrganizationInvitation.query({ connection })
          .preload('inviter')
          .where('organization_id', organizationId)
          .where('expires_at', '>', now)
          .orderBy('created_at', 'asc')
          .orderBy('id', 'asc')
          .exec(),
      2
    )
  }

  /**
   * Revokes an invitation: its row goes, so its link dies. Only an owner
   * revokes one that would make an owner.
   */
  async revoke(actorId: string, organizationId: string, invitationId: string) {
    await db.transaction(async (trx) => {
      // The organization's lock first, as deletion takes it: never the other order.
      await this.ownerInvariant.lock(trx, organizationId)
      const invitation = await OrganizationInvitation.query({ client: trx })
        .where('organization_id', organizationId)
        .where('id', invitationId)
        .forUpdate()
        .first()
      if (!invitation) throw new NotFoundException(message('errors.resource.not_found'))
      const actorRole = await this.roles.roleOf(actorId, organizationId)
      if (actorRole && !mayGrant(actorRole, invitation.role)) {
        throw new InsufficientRoleException(
          message('errors.roles.only_owners_revoke_owner_invitation')
        )
      }
      await invitation.useTransaction(trx).delete()
      await AuditLog.record(trx, {
        organizationId,
        action: 'invitation.revoked',
        actorId,
        target: { type: 'invitation', id: invitation.id, email: invitation.email },
        details: { role: invitation.role },
      })
    })
  }

  /**
   * Accepts an invitation for `user`, whose email must be the invited one.
   * The invitation row is locked and deleted with the membership written:
   * of two concurrent accepts one succeeds, the other finds no invitation.
   * The organization's lock is taken before the invitation's, in the order
   * its deletion takes them, so the two never wait on each other. An
   * organization that requires two factors takes no account without one
   * (403); the invitation stays, to be accepted once the account has one.
   */
  async accept(value: string, user: Account) {
    const decoded = EmailedToken.identify(value)
    return db.transaction(async (trx) => {
      // An invitation of a deleted organization died with it, also one deleted meanwhile.
      const found = await OrganizationInvitation.query({ client: trx })
        .join('organizations', 'organizations.id', 'organization_invitations.organization_id')
        .where('organization_invitations.id', decoded.identifier)
        .whereNull('organizations.deleted_at')
        .select('organization_invitations.organization_id')
        .first()
      if (!found) throw new InvalidTokenException()
      await this.ownerInvariant.lock(trx, found.organizationId).catch((error) => {
        throw error instanceof ForbiddenException ? new InvalidTokenException() : error
      })
      const invitation = await OrganizationInvitation.query({ client: trx })
        .where('id', decoded.identifier)
        .forUpdate()
        .first()
      EmailedToken.assertLive(invitation, decoded.secret)
      if (invitation.email !== user.email) {
        throw new ForbiddenException(message('errors.auth.invitation_for_another_address'))
      }
      await this.twoFactorRequirement.assertMayJoin(trx, user.id, invitation.organizationId)
      // Already a member (added directly meanwhile): the invitation is spent, the role kept.
      await trx
        .insertQuery()
        .table('organization_members')
        .insert({
          organization_id: invitation.organizationId,
          user_id: user.id,
          role: invitation.role,
          created_at: new Date(),
        })
        .knexQuery.onConflict(['organization_id', 'user_id'])
        .ignore()
      await invitation.useTransaction(trx).delete()
      await AuditLog.record(trx, {
        organizationId: invitation.organizationId,
        action: 'invitation.accepted',
        actorId: user.id,
        target: { type: 'invitation', id: invitation.id, email: invitation.email },
        details: { role: invitation.role },
      })
      const organization = await Organization.findOrFail(invitation.organizationId, {
        client: trx,
      })
      const { role } = await trx
        .from('organization_members')
        .where({ organization_id: invitation.organizationId, user_id: user.id })
        .select('role')
        .firstOrFail()
      organization.$extras.role = role
      return organization
    })
  }
}
