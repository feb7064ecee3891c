import type { EventRecord } from '#types/event'
import { BaseTransformer } from '@adonisjs/core/transformers'
import AddressTransformer from '#transformers/address_transformer'
import { utcIso } from '#helpers/utc_iso'

/**
 * The one event representation of create, update and get (contract.md);
 * `address` must be loaded (null when the event has none).
 */
export default class EventTransformer extends BaseTransformer<EventRecord> {
  toObject() {
    const address = this.resource.address
    return {
      ...this.pick(this.resource, [
        'id',
        'organizationId',
        'name',
        'description',
        'status',
        'eventType',
        'metadata',
      ]),
      targetDate: utcIso(this.resource.targetDate),
      // toObject() directly: transform() captures a stack trace on every call.
      address: address ? new AddressTransformer(address).toObject() : null,
      createdAt: utcIso(this.resource.createdAt),
      updatedAt: utcIso(this.resource.updatedAt),
    }
  }
}
