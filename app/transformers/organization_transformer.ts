import type Organization from '#models/organization'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { utcIso } from '#helpers/utc_iso'

/**
 * An organization with the caller's `role` in it (read with the organization)
 * and whether its members need two factors.
 */
export default class OrganizationTransformer extends BaseTransformer<Organization> {
  toObject() {
    return {
      ...this.pick(this.resource, ['id', 'name']),
      role: this.resource.$extras.role,
      requireTwoFactor: this.resource.requireTwoFactor,
      createdAt: utcIso(this.resource.createdAt),
      updatedAt: utcIso(this.resource.updatedAt),
    }
  }
}
