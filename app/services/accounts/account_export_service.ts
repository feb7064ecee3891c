import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { Account } from '#types/account'
import AccountToken from '#models/account_token'
import NewsletterContact from '#models/newsletter_contact'
import Organization from '#models/organization'
import OrganizationInvitation from '#models/organization_invitation'
import AuditLog from '#services/organizations/audit_log'
import SessionRegistry from '#services/accounts/session_registry'
import PasskeyService from '#services/accounts/two_factor/passkey_service'
import type { AccountRecord } from '#transformers/account_export_transformer'

/** Rows per query of the lists that grow with the account's organizations. */
export const EXPORT_BATCH_SIZE = 500

/**
 * The batches of a keyset walk: `page(after)` reads the rows after the last
 * one of the previous batch (undefined for the first), until one is empty.
 * Each is one short query on a pooled connection: nothing is held while
 * the previous batch drains to the client.
 */
async function* batches<Row>(page: (after: Row | undefined) => Promise<Row[]>) {
  let after: Row | undefined
  for (;;) {
    const rows = await page(after)
    if (rows.length === 0) return
    yield rows
    after = rows.at(-1)
  }
}

/**
 * The account's data export (GDPR articles 15 and 20): what the API holds
 * about it, read with the queries the API's own routes use where there is
 * one. Secrets stay out: the transformers pick fields, and token and
 * password hashes are never read. What grows with the account (its
 * memberships, invitations and audit entries: a member of a thousand
 * organizations) is read in batches while the document streams
 * (app/transformers/account_export_transformer.ts), so memory stays flat;
 * a batch shows its rows as they were when it was read. Organizations
 * deleted and not yet purged are left out, as on every route.
 */
@inject()
export default class AccountExportService {
  constructor(
    private sessions: SessionRegistry,
    private passkeys: PasskeyService
  ) {}

  /** Everything the API holds about an account, as the export transformer reads it. */
  async collect(user: Account, currentSessionId: string): Promise<AccountRecord> {
    const sessions = await this.sessions.list(user.id, currentSessionId)
    const passkeys = await this.passkeys.list(user.id)
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
      memberships: batches((after?: Organization) => membershipsPage(user.id, after)),
      invitationsSent: batches((after?: OrganizationInvitation) =>
        invitationsPage('invited_by', user.id, after)
      ),
      invitationsReceived: batches((after?: OrganizationInvitation) =>
        invitationsPage('email', user.email, after)
      ),
      auditEntries: batches((after?: { cursor: { k: string; i: string } }) =>
        AuditLog.about(user.id, EXPORT_BATCH_SIZE, after?.cursor)
      ),
      newsletter,
      emailChange,
    }
  }
}

/** The organizations the account belongs to, with its role, in the order it joined them. */
function membershipsPage(userId: string, after?: Organization) {
  const query = Organization.query()
    .join('organization_members', 'organization_members.organization_id', 'organizations.id')
    .where('organization_members.user_id', userId)
    .whereNull('organizations.deleted_at')
    .select(
      'organizations.*',
      'organization_members.role',
      // Text, not a Date: the keyset compares microseconds.
      db.raw('organization_members.created_at::text AS joined_key')
    )
    .orderBy('organization_members.created_at')
    .orderBy('organizations.id')
    .limit(EXPORT_BATCH_SIZE)
  if (after) {
    query.whereRaw('(organization_members.created_at, organizations.id) > (?::timestamptz, ?)', [
      after.$extras.joined_key,
      after.id,
    ])
  }
  return query
}

/** Invitations the account sent (`invited_by`) or received (`email`), oldest first, with their sender. */
function invitationsPage(
  column: 'invited_by' | 'email',
  value: string,
  after?: OrganizationInvitation
) {
  const query = OrganizationInvitation.query()
    .join('organizations', 'organizations.id', 'organization_invitations.organization_id')
    .where(`organization_invitations.${column}`, value)
    .whereNull('organizations.deleted_at')
    .select(
      'organization_invitations.*',
      db.raw('organization_invitations.created_at::text AS created_key')
    )
    .preload('inviter')
    .orderBy('organization_invitations.created_at')
    .orderBy('organization_invitations.id')
    .limit(EXPORT_BATCH_SIZE)
  if (after) {
    query.whereRaw(
      '(organization_invitations.created_at, organization_invitations.id) > (?::timestamptz, ?)',
      [after.$extras.created_key, after.id]
    )
  }
  return query
}
