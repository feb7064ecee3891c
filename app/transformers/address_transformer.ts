import type EventAddress from '#models/event_address'
import { BaseTransformer } from '@adonisjs/core/transformers'

/** Every member is present; the ones never given are null. */
export default class AddressTransformer extends BaseTransformer<EventAddress> {
  toObject() {
    const address = this.resource
    return {
      streetAddress: address.streetAddress ?? null,
      streetAddress2: address.streetAddress2 ?? null,
      city: address.city,
      state: address.state ?? null,
      postalCode: address.postalCode ?? null,
      country: address.country ?? null,
    }
  }
}
