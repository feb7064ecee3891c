import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import MemberLimitException from '#exceptions/member_limit_exception'
import { memberLimit } from '#config/organizations'
import { message } from '#exceptions/api_exception'

@inject()
export default class MemberLimit {
  /**
   * Refuses (409 `organization.member_limit`) one more member or pending
   * invitation when members plus pending invitations already reach
   * ORGANIZATION_MEMBER_LIMIT. Call it holding the organization's row lock
   * (OwnerInvariant.lock), so two concurrent additions cannot both fit.
   */
  async assertRoomForOneMore(trx: TransactionClientContract, organizationId: string) {
    const { rows } = await trx.rawQuery(
      `SELECT (SELECT count(*) FROM organization_members WHERE organization_id = ?)
          + (SELECT count(*) FROM organization_invitations
              WHERE organization_id = ? AND expires_at > now()) AS taken`,
      [organizationId, organizationId]
    )
    if (Number(rows[0].taken) >= memberLimit) {
      throw new MemberLimitException(
        message('errors.organizations.member_limit', { limit: memberLimit })
      )
    }
  }
}
