import type { AddressRecord } from '#types/event'
import { BaseTransformer } from '@adonisjs/core/transformers'

/** Every member is present; the ones never given are null. */
export default class AddressTransformer extends BaseTransformer<AddressRecord> {
  toObject() {
    const address = this.resource
    return {
      streetAddress: address.streetAddress,
      streetAddress2: address.streetAddress2,
      city: address.city,
      state: address.state,
      postalCode: address.postalCode,
      country: address.country,
    }
  }
}
