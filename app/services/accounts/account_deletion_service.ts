import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { Account } from '#types/account'
import AccountDeletedNotification from '#mails/account_deleted_notification'
import AuditLog from '#services/organizations/audit_log'
import OrganizationService from '#services/organizations/organization_service'
import OwnerInvariant from '#services/organizations/owner_invariant'
import MailDelivery from '#services/platform/mail_delivery'
import SessionRegistry from '#services/accounts/session_registry'
import type { Language } from '#helpers/languages'

/** Account deletion (GDPR article 17; the app stores' rule that sign-up comes with deletion). */
@inject()
export default class AccountDeletionService {
  constructor(
    private delivery: MailDelivery,
    private sessions: SessionRegistry,
    private organizations: OrganizationService,
    private ownerInvariant: OwnerInvariant
  ) {}

  /**
   * Deletes the account in one transaction: refused while it is the last
   * owner of an organization with other members (the owner invariant, under
   * those organizations' row locks); organizations where it is the only
   * member are deleted with it (gone at once, purged in the background); pending invitations it sent, its rate-limit counters
   * (by its id, and its address's login and reset counters),
   * and (by cascade) its memberships, sessions, tokens and idempotency
   * records go; audit entries keep its id but lose its email. Then any
   * session left in a store outside PostgreSQL (Redis) is ended and a
   * notice is emailed, with no transaction held, in the account's language
   * (else the request's).
   */
  async delete(user: Account, requestLanguage: Language) {
    const { id, email } = user
    const language = user.locale ?? requestLanguage
    await db.transaction(async (trx) => {
      const { lastOwnerOf, soleMemberOf } = await this.ownerInvariant.outlookWithout(trx, id)
      if (lastOwnerOf.length) throw this.ownerInvariant.refusal(lastOwnerOf)
      for (const organizationId of soleMemberOf)
        await this.organizations.deleteWithin(trx, organizationId)
      await AuditLog.forgetEmailsOf(trx, id, email)
      await trx.from('organization_invitations').where('invited_by', id).delete()
      await trx.rawQuery(
        `DELETE FROM rate_limits
          WHERE position(? in key) > 0
             OR starts_with(key, 'login_' || ? || '_') OR position(':login_' || ? || '_' in key) > 0
             OR key = 'reset_' || ? OR right(key, length(?) + 7) = ':reset_' || ?`,
        [id, email, email, email, email, email]
      )
      await trx.from('users').where('id', id).delete()
    })
    await this.sessions.endAll(id)
    this.delivery.sendInBackground(new AccountDeletedNotification(email, language))
  }
}
