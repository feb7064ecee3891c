import { OrganizationInvitationSchema } from '#database/schema'
import { withUuidV7 } from '#models/mixins/with_uuid_v7'
import { compose } from '@adonisjs/core/helpers'
import { belongsTo } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

/** A pending invitation to an organization; the link carries the secret, the row its hash. */
export default class OrganizationInvitation extends compose(
  OrganizationInvitationSchema,
  withUuidV7
) {
  static table = 'organization_invitations'

  /** Who sent it; null once their account is gone. */
  @belongsTo(() => User, { foreignKey: 'invitedBy' })
  declare inviter: BelongsTo<typeof User>
}
