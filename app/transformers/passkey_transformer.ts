import type UserPasskey from '#models/user_passkey'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { utcIso } from '#helpers/utc_iso'

/** A passkey as its owner sees it; never its credential id or public key. */
export default class PasskeyTransformer extends BaseTransformer<UserPasskey> {
  toObject() {
    return {
      id: this.resource.id,
      name: this.resource.name,
      createdAt: utcIso(this.resource.createdAt),
      lastUsedAt: utcIso(this.resource.lastUsedAt),
      backedUp: this.resource.backedUp,
      deviceType: this.resource.deviceType,
    }
  }
}
