import type OrganizationInvitation from '#models/organization_invitation'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { utcIso } from '#helpers/utc_iso'

/** A pending invitation with the role it grants and who sent it; never its token or hash. */
export default class InvitationTransformer extends BaseTransformer<OrganizationInvitation> {
  toObject() {
    const inviter = this.resource.invitedBy ? this.resource.inviter : null
    return {
      id: this.resource.id,
      email: this.resource.email,
      role: this.resource.role,
      invitedBy: inviter ? { userId: inviter.id, email: inviter.email } : null,
      createdAt: utcIso(this.resource.createdAt),
      expiresAt: utcIso(this.resource.expiresAt),
    }
  }
}
