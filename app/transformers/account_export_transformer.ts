import { BaseTransformer } from '@adonisjs/core/transformers'
import type OrganizationInvitation from '#models/organization_invitation'
import type { AccountRecord } from '#services/accounts/account_export_service'
import type { AuditEntry } from '#services/organizations/audit_log'
import UserTransformer from '#transformers/user_transformer'
import OrganizationTransformer from '#transformers/organization_transformer'
import InvitationTransformer from '#transformers/invitation_transformer'
import AuditEntryTransformer from '#transformers/audit_entry_transformer'
import PasskeyTransformer from '#transformers/passkey_transformer'
import { utcIso } from '#helpers/utc_iso'

/** Deep enough for a record inside its organization's wrapper (the default stops at one level). */
const NESTED = 3

/**
 * GET /auth/account/export: each kind of record as the route that lists it
 * answers it (profile as GET /auth/me, sessions as GET /auth/sessions,
 * passkeys as GET /auth/passkeys, memberships as GET /organizations with
 * the role, invitations and audit entries as their organization's routes),
 * beside its organization's id.
 */
export default class AccountExportTransformer extends BaseTransformer<AccountRecord> {
  toObject() {
    const record = this.resource
    return {
      exportedAt: new Date().toISOString(),
      profile: UserTransformer.transform(record.user),
      signedUpAt: utcIso(record.user.createdAt),
      pendingEmailChange: record.emailChange
        ? { email: record.emailChange.email, expiresAt: utcIso(record.emailChange.expiresAt) }
        : null,
      sessions: record.sessions,
      passkeys: PasskeyTransformer.transform(record.passkeys),
      memberships: OrganizationTransformer.transform(record.memberships),
      invitationsSent: ScopedInvitationTransformer.transform(record.invitationsSent).depth(NESTED),
      invitationsReceived: ScopedInvitationTransformer.transform(record.invitationsReceived).depth(
        NESTED
      ),
      auditLog: ScopedAuditEntryTransformer.transform(record.auditEntries).depth(NESTED),
      newsletter: record.newsletter
        ? {
            email: record.newsletter.email,
            status: record.newsletter.status,
            subscribedAt: utcIso(record.newsletter.createdAt),
            consentedAt: utcIso(record.newsletter.consentedAt),
            consentIp: record.newsletter.consentIp,
            consentUserAgent: record.newsletter.consentUserAgent,
            consentOrigin: record.newsletter.consentOrigin,
            consentReferer: record.newsletter.consentReferer,
            unsubscribedAt: utcIso(record.newsletter.unsubscribedAt),
            unsubscribedVia: record.newsletter.unsubscribedVia,
            consentMethod: record.newsletter.consentMethod,
            confirmedAt: utcIso(record.newsletter.confirmedAt),
            confirmIp: record.newsletter.confirmIp,
            confirmUserAgent: record.newsletter.confirmUserAgent,
          }
        : null,
    }
  }
}

/** An invitation as its organization's route answers it, with that organization's id. */
class ScopedInvitationTransformer extends BaseTransformer<OrganizationInvitation> {
  toObject() {
    return {
      organizationId: this.resource.organizationId,
      invitation: InvitationTransformer.transform(this.resource),
    }
  }
}

/** An audit entry as the audit-log route answers it, with its organization's id. */
class ScopedAuditEntryTransformer extends BaseTransformer<{
  organizationId: string
  entry: AuditEntry
}> {
  toObject() {
    return {
      organizationId: this.resource.organizationId,
      entry: AuditEntryTransformer.transform(this.resource.entry),
    }
  }
}
