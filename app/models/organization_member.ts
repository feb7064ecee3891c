import { OrganizationMemberSchema } from '#database/schema'
import { belongsTo } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'

/** A person's membership of an organization; `createdAt` is when they joined. */
export default class OrganizationMember extends OrganizationMemberSchema {
  static table = 'organization_members'

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  /**
   * The table's key is the pair (organization, user), but Lucid knows one
   * primary key only (organizationId): `save()`, `delete()` and `refresh()`
   * on one membership must also name its user, or they hit every member of
   * the organization.
   */
  $getQueryFor(
    action: 'insert',
    client: QueryClientContract
  ): ReturnType<QueryClientContract['insertQuery']>
  $getQueryFor(
    action: 'update' | 'delete' | 'refresh',
    client: QueryClientContract
  ): ModelQueryBuilderContract<LucidModel>
  $getQueryFor(action: 'insert' | 'update' | 'delete' | 'refresh', client: QueryClientContract) {
    if (action === 'insert') return super.$getQueryFor(action, client)
    return super.$getQueryFor(action, client).where('user_id', this.$original.userId ?? this.userId)
  }
}
