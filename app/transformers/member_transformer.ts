import type OrganizationMember from '#models/organization_member'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { utcIso } from '#helpers/utc_iso'

/** A membership with its account and role; `user` must be preloaded. */
export default class MemberTransformer extends BaseTransformer<OrganizationMember> {
  toObject() {
    return {
      userId: this.resource.userId,
      email: this.resource.user.email,
      fullName: this.resource.user.fullName,
      role: this.resource.role,
      joinedAt: utcIso(this.resource.createdAt),
    }
  }

  /** As owners and admins see it: whether the account has a second factor. */
  forManagers() {
    return { ...this.toObject(), twoFactorEnabled: this.resource.user.twoFactorEnabled }
  }
}
