import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ForbiddenException from '#exceptions/forbidden_exception'
import LastOwnerException from '#exceptions/last_owner_exception'
import { message } from '#exceptions/api_exception'
import { NOT_A_MEMBER } from '#helpers/denials'

/** Where an account about to disappear from every organization leaves them. */
export type DepartureOutlook = {
  /** Organizations that would lose their last owner while other members remain: refuse. */
  lastOwnerOf: string[]
  /** Organizations with no other member: they go with the account. */
  soleMemberOf: string[]
}

const LAST_OWNER = message('errors.organizations.last_owner')

/**
 * "An organization always has at least one owner" (contract, Roles inside
 * an organization), kept in this one place. Every change that can take an
 * owner away (demotion, removal, leaving, ownership transfer, account
 * deletion) runs in a transaction that takes the organization's row lock
 * here (`SELECT … FOR NO KEY UPDATE`) before counting owners, so two such
 * changes on one organization run one after the other and the second
 * counts what the first left. The lock is held until the transaction ends:
 * write the change (and its audit entry) in the same transaction.
 *
 * `NO KEY UPDATE` rather than `UPDATE`: it excludes every other holder of
 * this lock just the same, but not the key-share lock a foreign key takes,
 * so creating an event or writing an audit entry meanwhile never waits for
 * a role change. Take this lock before any row of the organization's
 * (invitation, membership), as deletion does, so two transactions never
 * wait on each other.
 */
@inject()
export default class OwnerInvariant {
  /**
   * Takes the organization's row lock until `trx` ends (taking it again in
   * the same transaction is free). An organization deleted meanwhile (its
   * deletion held this lock) is gone: 403 `auth.forbidden`, as for a
   * non-member, and nothing is written to it.
   */
  async lock(trx: TransactionClientContract, organizationId: string) {
    const { rows } = await trx.rawQuery(
      'SELECT deleted_at IS NULL AS live FROM organizations WHERE id = ? FOR NO KEY UPDATE',
      [organizationId]
    )
    if (!rows[0]?.live) throw new ForbiddenException(message(NOT_A_MEMBER))
  }

  /**
   * Refuses with 409 `organization.last_owner` when no owner would be left
   * once the accounts in `losing` stop being owners (demoted, removed, left,
   * transferred away). Takes the lock first, then counts the other owners.
   */
  async assertOwnerRemains(
    trx: TransactionClientContract,
    organizationId: string,
    losing: string[]
  ) {
    await this.lock(trx, organizationId)
    const { rows } = await trx.rawQuery(
      `SELECT count(*)::int AS owners FROM organization_members
        WHERE organization_id = ? AND role = 'owner' AND NOT (user_id = ANY(?::uuid[]))`,
      [organizationId, losing]
    )
    if (rows[0].owners === 0) throw new LastOwnerException(LAST_OWNER)
  }

  /**
   * For an account about to leave every organization at once (account
   * deletion): locks each organization it belongs to, in id order so two
   * such departures cannot deadlock, then sorts them. The locks are held
   * until `trx` ends, so the answer stays true while the caller acts on it.
   */
  async outlookWithout(trx: TransactionClientContract, userId: string): Promise<DepartureOutlook> {
    const { rows: locked } = await trx.rawQuery(
      `SELECT id FROM organizations
        WHERE id IN (SELECT organization_id FROM organization_members WHERE user_id = ?)
          AND deleted_at IS NULL
        ORDER BY id FOR NO KEY UPDATE`,
      [userId]
    )
    if (locked.length === 0) return { lastOwnerOf: [], soleMemberOf: [] }
    const { rows } = await trx.rawQuery(
      `SELECT organization_id AS id,
              bool_or(user_id = ? AND role = 'owner') AS is_owner,
              count(*) FILTER (WHERE user_id <> ? AND role = 'owner')::int AS other_owners,
              count(*) FILTER (WHERE user_id <> ?)::int AS others
         FROM organization_members
        WHERE organization_id = ANY(?::uuid[])
        GROUP BY organization_id
        ORDER BY organization_id`,
      [userId, userId, userId, locked.map((row: { id: string }) => row.id)]
    )
    const lastOwnerOf: string[] = []
    const soleMemberOf: string[] = []
    for (const row of rows) {
      if (row.others === 0) soleMemberOf.push(row.id)
      else if (row.is_owner && row.other_owners === 0) lastOwnerOf.push(row.id)
    }
    return { lastOwnerOf, soleMemberOf }
  }

  /**
   * The refusal of an account deletion: 409 `organization.last_owner` with
   * the organizations in `errors[0].meta.organizationIds`.
   */
  refusal(organizationIds: string[]) {
    const error = new LastOwnerException(message('errors.organizations.last_owner_of'))
    error.meta = { organizationIds }
    return error
  }
}
