import { AccountTokenSchema } from '#database/schema'
import { withUuidV7 } from '#models/mixins/with_uuid_v7'
import { compose } from '@adonisjs/core/helpers'

/** What an emailed account token is good for. */
export type AccountTokenPurpose = 'password_reset' | 'email_verification' | 'email_change'

/** The stored side of an emailed token: its hash, never its secret. */
export default class AccountToken extends compose(AccountTokenSchema, withUuidV7) {
  static table = 'account_tokens'

  declare purpose: AccountTokenPurpose
}
