import type Organization from '#models/organization'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { utcIso } from '#helpers/utc_iso'

export default class OrganizationTransformer extends BaseTransformer<Organization> {
  toObject() {
    return {
      ...this.pick(this.resource, ['id', 'name']),
      createdAt: utcIso(this.resource.createdAt),
      updatedAt: utcIso(this.resource.updatedAt),
    }
  }
}
