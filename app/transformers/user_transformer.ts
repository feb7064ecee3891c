import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Account } from '#types/account'
import { utcIso } from '#helpers/utc_iso'

export default class UserTransformer extends BaseTransformer<Account> {
  /**
   * `emailVerifiedAt` is null until the address is verified; `locale` null
   * until the owner picks a language (contract).
   */
  toObject() {
    return {
      ...this.pick(this.resource, ['id', 'email', 'fullName']),
      emailVerifiedAt: utcIso(this.resource.emailVerifiedAt ?? null),
      locale: this.resource.locale ?? null,
    }
  }
}
