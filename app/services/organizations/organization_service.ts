import db from '@adonisjs/lucid/services/db'
import Organization from '#models/organization'
import OrganizationMember from '#models/organization_member'
import User from '#models/user'
import ConflictException from '#exceptions/conflict_exception'
import NotFoundException from '#exceptions/not_found_exception'
import { isUniqueViolation } from '#services/database_errors'
import { message } from '#exceptions/api_exception'

export default class OrganizationService {
  /** Creates the organization with its creator as the first member. */
  async create(creatorId: string, name: string) {
    return db.transaction(async (trx) => {
      const organization = await Organization.create({ name }, { client: trx })
      await OrganizationMember.create(
        { organizationId: organization.id, userId: creatorId },
        { client: trx }
      )
      return organization
    })
  }

  /** The organizations `userId` belongs to, oldest first. */
  listFor(userId: string) {
    return Organization.query()
      .whereIn('id', (members) =>
        members.from('organization_members').select('organization_id').where('user_id', userId)
      )
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
  }

  find(organizationId: string) {
    return Organization.findOrFail(organizationId)
  }

  /** Members with their accounts, in the order they joined. */
  members(organizationId: string) {
    return OrganizationMember.query()
      .where('organizationId', organizationId)
      .preload('user')
      .orderBy('created_at', 'asc')
  }

  /** Adds an existing account; the primary key says no to a second membership. */
  async addMember(organizationId: string, email: string) {
    const user = await User.findBy('email', email)
    if (!user) throw new NotFoundException(message('errors.organizations.no_such_account'))

    try {
      const member = await OrganizationMember.create({ organizationId, userId: user.id })
      member.$setRelated('user', user)
      return member
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictException(message('errors.organizations.already_member'), {
          cause: error,
        })
      }
      throw error
    }
  }

  /**
   * Removes a member, never the last one. The organization row is locked so
   * two concurrent removals cannot both see "another member is left".
   */
  async removeMember(organizationId: string, userId: string) {
    await db.transaction(async (trx) => {
      await Organization.query({ client: trx })
        .where('id', organizationId)
        .forUpdate()
        .firstOrFail()
      const members = trx.from('organization_members').where('organization_id', organizationId)
      const membership = await members.clone().where('user_id', userId).first()
      if (!membership)
        throw new NotFoundException(message('errors.organizations.not_a_member_account'))

      const { total } = await members.clone().count('* as total').firstOrFail()
      if (Number(total) <= 1) {
        throw new ConflictException(message('errors.organizations.last_member'))
      }
      await members.clone().where('user_id', userId).delete()
    })
  }
}
