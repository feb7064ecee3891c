import { OrganizationInvitationSchema } from '#database/schema'
import { withUuidV7 } from '#models/mixins/with_uuid_v7'
import { compose } from '@adonisjs/core/helpers'

/** A pending invitation to an organization; the link carries the secret, the row its hash. */
export default class OrganizationInvitation extends compose(
  OrganizationInvitationSchema,
  withUuidV7
) {
  static table = 'organization_invitations'
}
