import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Organization from '#models/organization'
import OrganizationInvitation from '#models/organization_invitation'
import type User from '#models/user'
import ConflictException from '#exceptions/conflict_exception'
import ForbiddenException from '#exceptions/forbidden_exception'
import InternalException from '#exceptions/internal_exception'
import InvalidTokenException from '#exceptions/invalid_token_exception'
import NotFoundException from '#exceptions/not_found_exception'
import OrganizationInvitationNotification from '#mails/organization_invitation_notification'
import { isUniqueViolation } from '#services/database_errors'
import { EmailedToken } from '#services/emailed_token'
import MailDelivery from '#services/mail_delivery'
import { accountTokens } from '#config/accounts'
import type { Language } from '#helpers/languages'
import { message } from '#exceptions/api_exception'

const NOT_SENT = message('errors.organizations.invitation_not_sent')

@inject()
export default class InvitationService {
  constructor(private delivery: MailDelivery) {}

  /**
   * Records the invitation (committed), then emails its link with no
   * transaction held. When the email fails the invitation is removed, so
   * nothing is half-done and the same address can be invited again.
   */
  /** `language`: the inviting request's; the email is written in it. */
  async invite(organizationId: string, inviterId: string, email: string, language: Language) {
    const { secret, hash, expiresAt } = EmailedToken.create(accountTokens.invitationTtl)
    const { invitation, organization } = await db.transaction(async (trx) => {
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
      try {
        const created = await OrganizationInvitation.create(
          {
            organizationId,
            email,
            hash,
            invitedBy: inviterId,
            expiresAt: DateTime.fromJSDate(expiresAt),
          },
          { client: trx }
        )
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
      await invitation.delete()
      throw new InternalException(
        !app.inProduction && error instanceof Error ? error.message : NOT_SENT,
        { cause: error }
      )
    }
    return invitation
  }

  /** Pending invitations, oldest first. */
  pending(organizationId: string) {
    return OrganizationInvitation.query()
      .where('organization_id', organizationId)
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
  }

  /** Revokes an invitation: its row goes, so its link dies. */
  async revoke(organizationId: string, invitationId: string) {
    const deleted = await OrganizationInvitation.query()
      .where('organization_id', organizationId)
      .where('id', invitationId)
      .delete()
    if (!Number(deleted[0] ?? 0)) throw new NotFoundException(message('errors.resource.not_found'))
  }

  /**
   * Accepts an invitation for `user`, whose email must be the invited one.
   * The invitation row is locked and deleted with the membership written:
   * of two concurrent accepts one succeeds, the other finds no invitation.
   */
  async accept(value: string, user: User) {
    const decoded = EmailedToken.identify(value)
    if (!decoded) throw new InvalidTokenException()
    return db.transaction(async (trx) => {
      const invitation = await OrganizationInvitation.query({ client: trx })
        .where('id', decoded.identifier)
        .forUpdate()
        .first()
      if (!invitation) throw new InvalidTokenException()
      const token = new EmailedToken({
        id: invitation.id,
        hash: invitation.hash,
        expiresAt: invitation.expiresAt.toJSDate(),
      })
      if (!token.accepts(decoded.secret)) throw new InvalidTokenException()
      if (invitation.email !== user.email) {
        throw new ForbiddenException(message('errors.auth.invitation_for_another_address'))
      }
      await trx
        .insertQuery()
        .table('organization_members')
        .insert({
          organization_id: invitation.organizationId,
          user_id: user.id,
          created_at: new Date(),
        })
        .knexQuery.onConflict(['organization_id', 'user_id'])
        .ignore()
      await invitation.useTransaction(trx).delete()
      return Organization.findOrFail(invitation.organizationId, { client: trx })
    })
  }
}
