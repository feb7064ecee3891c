import { OrganizationMemberSchema } from '#database/schema'
import { belongsTo } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

/** A person's membership of an organization; `createdAt` is when they joined. */
export default class OrganizationMember extends OrganizationMemberSchema {
  static table = 'organization_members'

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
