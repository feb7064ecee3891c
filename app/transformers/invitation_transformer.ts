import type OrganizationInvitation from '#models/organization_invitation'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { utcIso } from '#helpers/utc_iso'

/** A pending invitation; never its token or hash. */
export default class InvitationTransformer extends BaseTransformer<OrganizationInvitation> {
  toObject() {
    return {
      id: this.resource.id,
      email: this.resource.email,
      createdAt: utcIso(this.resource.createdAt),
      expiresAt: utcIso(this.resource.expiresAt),
    }
  }
}
