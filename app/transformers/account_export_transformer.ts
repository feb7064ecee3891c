import type { ContainerResolver } from '@adonisjs/core/container'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Account } from '#types/account'
import type OrganizationInvitation from '#models/organization_invitation'
import type UserPasskey from '#models/user_passkey'
import type NewsletterContact from '#models/newsletter_contact'
import type AccountToken from '#models/account_token'
import type { AuditEntry } from '#types/organization'
import UserTransformer from '#transformers/user_transformer'
import OrganizationTransformer from '#transformers/organization_transformer'
import InvitationTransformer from '#transformers/invitation_transformer'
import AuditEntryTransformer from '#transformers/audit_entry_transformer'
import PasskeyTransformer from '#transformers/passkey_transformer'
import { utcIso } from '#helpers/utc_iso'
import { ApiSerializer } from '#helpers/api_serializer'

/**
 * What the account export reads (AccountExportService.collect): the records read at once,
 * and the lists that grow with the account as batches read one after another.
 */
export type AccountRecord = {
  user: Account
  sessions: object[]
  passkeys: UserPasskey[]
  memberships: AsyncIterable<object[]>
  invitationsSent: AsyncIterable<OrganizationInvitation[]>
  invitationsReceived: AsyncIterable<OrganizationInvitation[]>
  auditEntries: AsyncIterable<object[]>
  newsletter: NewsletterContact | null
  emailChange: Pick<AccountToken, 'email' | 'expiresAt'> | null
}

/** Deep enough for a record inside its organization's wrapper (the default stops at one level). */
const NESTED = 3

/**
 * GET /auth/account/export: each kind of record as the route that lists it
 * answers it (profile as GET /auth/me, sessions as GET /auth/sessions,
 * passkeys as GET /auth/passkeys, memberships as GET /organizations with
 * the role, invitations and audit entries as their organization's routes),
 * beside its organization's id. This transformer gives the records read at
 * once; `accountExportJson` writes the whole document with the lists.
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

/**
 * The export as `{ data: { ... } }`, written piece by piece: the records
 * read at once, then each list as its batches are read (each item as its
 * transformer gives it), then the newsletter record. Memory holds one
 * batch, whatever the account holds.
 */
export async function* accountExportJson(record: AccountRecord, resolver?: ContainerResolver<any>) {
  const serializer = new ApiSerializer()
  const { newsletter, ...head } = await serializer.serializeWithoutWrapping(
    AccountExportTransformer.transform(record),
    resolver
  )
  yield `{"data":${JSON.stringify(head).slice(0, -1)}`
  const lists = [
    ['memberships', record.memberships, (rows: any[]) => OrganizationTransformer.transform(rows)],
    [
      'invitationsSent',
      record.invitationsSent,
      (rows: any[]) => ScopedInvitationTransformer.transform(rows).depth(NESTED),
    ],
    [
      'invitationsReceived',
      record.invitationsReceived,
      (rows: any[]) => ScopedInvitationTransformer.transform(rows).depth(NESTED),
    ],
    [
      'auditLog',
      record.auditEntries,
      (rows: any[]) => ScopedAuditEntryTransformer.transform(rows).depth(NESTED),
    ],
  ] as const
  for (const [name, batches, transform] of lists) {
    yield `,${JSON.stringify(name)}:[`
    let separator = ''
    for await (const batch of batches as AsyncIterable<any[]>) {
      const items = await serializer.serializeWithoutWrapping(transform(batch), resolver)
      yield separator + items.map((item: unknown) => JSON.stringify(item)).join(',')
      separator = ','
    }
    yield ']'
  }
  yield `,"newsletter":${JSON.stringify(newsletter)}}}`
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
