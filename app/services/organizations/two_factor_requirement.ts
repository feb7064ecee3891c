import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ActorWithoutSecondFactorException from '#exceptions/actor_without_second_factor_exception'
import InsufficientRoleException from '#exceptions/insufficient_role_exception'
import LastRequiredFactorException from '#exceptions/last_required_factor_exception'
import TwoFactorRequiredException from '#exceptions/two_factor_required_exception'
import { message } from '#exceptions/api_exception'

/**
 * An organization's requirement of two factors (contract, "An organization
 * may require two factors"), where it is written or joined. Who may use an
 * organization's routes is memberDenial's (app/helpers/denials.ts).
 *
 * The account's `two_factor_enabled` changes only in a transaction that
 * holds the account's row (SecondFactors.refreshEnabled's UPDATE, or
 * `assertFactorRemovable`'s lock). The checks here that rely on it read it
 * `FOR SHARE`: they wait for such a transaction and see what it committed,
 * and a removal that comes after them waits for them and then sees the
 * membership or requirement they wrote.
 */

/** The account's `two_factor_enabled`, under a share lock of its row until `trx` ends. */
async function hasSecondFactor(trx: TransactionClientContract, userId: string) {
  const { rows } = await trx.rawQuery(
    'SELECT two_factor_enabled FROM users WHERE id = ? FOR SHARE',
    [userId]
  )
  return rows[0]?.two_factor_enabled === true
}

/** The checks of the requirement, each inside the transaction of the change it guards. */
@inject()
export default class TwoFactorRequirement {
  /**
   * Within the transaction that changes the organization's requirement,
   * under its lock: only an owner changes it (403 `auth.insufficient_role`),
   * and only an owner with a second factor turns it on (409
   * `organization.two_factor_required_for_actor`).
   */
  async assertMayChangeRequirement(
    trx: TransactionClientContract,
    actorId: string,
    organizationId: string,
    requireTwoFactor: boolean
  ) {
    const member = await trx
      .from('organization_members')
      .where({ organization_id: organizationId, user_id: actorId })
      .select('role')
      .first()
    if (member?.role !== 'owner') {
      throw new InsufficientRoleException(message('errors.roles.only_owners_two_factor'))
    }
    if (requireTwoFactor && !(await hasSecondFactor(trx, actorId))) {
      throw new ActorWithoutSecondFactorException()
    }
  }

  /**
   * Within the transaction that accepts an invitation, under the
   * organization's lock: an organization that requires two factors takes no
   * account without one (403 `organization.two_factor_required`).
   */
  async assertMayJoin(trx: TransactionClientContract, userId: string, organizationId: string) {
    const organization = await trx
      .from('organizations')
      .where('id', organizationId)
      .select('require_two_factor')
      .firstOrFail()
    if (organization.require_two_factor && !(await hasSecondFactor(trx, userId))) {
      throw new TwoFactorRequiredException()
    }
  }

  /**
   * Refuses (409 `organization.two_factor_required`) a removal of a second
   * factor that leaves the account without one while an organization it
   * belongs to requires two factors.
   *
   * Call it inside the removing transaction, after the factor's row is
   * deleted and before `SecondFactors.refreshEnabled`, then commit:
   *
   *   await trx.from('user_passkeys').where({ id, user_id: userId }).delete()
   *   await assertFactorRemovable(userId, trx)
   *   await factors.refreshEnabled(userId, trx)
   *
   * It locks the account's row first, so removals of one account's factors
   * (two passkeys, a passkey and the TOTP) run one after the other, and an
   * invitation's acceptance or an owner's requirement waits for it or is
   * waited for; then, in a statement of its own (a snapshot taken after the
   * lock), it counts the factors left in their tables, not the flag. So of
   * two parallel removals of the last two factors, the second finds none
   * left and is refused. Returns whether the account still has a factor.
   */
  async assertFactorRemovable(userId: string, trx: TransactionClientContract): Promise<boolean> {
    await trx.rawQuery('SELECT id FROM users WHERE id = ? FOR NO KEY UPDATE', [userId])
    const { rows } = await trx.rawQuery(
      `SELECT (EXISTS (SELECT 1 FROM user_totp_secrets
                      WHERE user_id = :userId AND confirmed_at IS NOT NULL)
             OR EXISTS (SELECT 1 FROM user_passkeys WHERE user_id = :userId)) AS has_factor,
            EXISTS (SELECT 1 FROM organization_members m
                      JOIN organizations o ON o.id = m.organization_id
                     WHERE m.user_id = :userId AND o.require_two_factor
                       AND o.deleted_at IS NULL) AS required`,
      { userId }
    )
    const { has_factor: hasFactor, required } = rows[0]
    if (!hasFactor && required) throw new LastRequiredFactorException()
    return hasFactor
  }
}
