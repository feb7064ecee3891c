import { inject } from '@adonisjs/core'
import type User from '#models/user'
import AccountToken from '#models/account_token'
import NewsletterContact from '#models/newsletter_contact'
import Organization from '#models/organization'
import OrganizationInvitation from '#models/organization_invitation'
import AuditLog from '#services/organizations/audit_log'
import SessionRegistry from '#services/accounts/session_registry'
import PasskeyService from '#services/accounts/two_factor/passkey_service'

/** Everything the API holds about an account, as the export transformer reads it. */
export type AccountRecord = Awaited<ReturnType<AccountExportService['collect']>>

/**
 * The account's data export (GDPR articles 15 and 20): what the API holds
 * about it, read with the queries the API's own routes use where there is
 * one. Secrets stay out: the transformers pick fields, and token and
 * password hashes are never read.
 */
@inject()
export default class AccountExportService {
  constructor(
    private sessions: SessionRegistry,
    private passkeys: PasskeyService
  ) {}

  async collect(user: User, currentSessionId: string) {
    const sessions = await this.sessions.list(user.id, currentSessionId)
    const passkeys = await this.passkeys.list(user.id)
    const memberships = await Organization.query()
      .join('organization_members', 'organization_members.organization_id', 'organizations.id')
      .where('organization_members.user_id', user.id)
      .select('organizations.*', 'organization_members.role')
      .orderBy('organization_members.created_at')
      .orderBy('organizations.id')
    const invitationsSent = await OrganizationInvitation.query()
      .where('invited_by', user.id)
      .preload('inviter')
      .orderBy('created_at')
    const invitationsReceived = await OrganizationInvitation.query()
      .where('email', user.email)
      .preload('inviter')
      .orderBy('created_at')
    const auditEntries = await AuditLog.about(user.id)
    const newsletter = await NewsletterContact.findBy('email', user.email)
    const emailChange = await AccountToken.query()
      .where('user_id', user.id)
      .where('purpose', 'email_change')
      .where('expires_at', '>', new Date())
      .select('email', 'expires_at')
      .first()
    return {
      user,
      sessions,
      passkeys,
      memberships,
      invitationsSent,
      invitationsReceived,
      auditEntries,
      newsletter,
      emailChange,
    }
  }
}
