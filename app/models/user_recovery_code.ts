import { UserRecoveryCodeSchema } from '#database/schema'
import { withUuidV7 } from '#models/mixins/with_uuid_v7'
import { compose } from '@adonisjs/core/helpers'

/** One single-use recovery code of an account: only its keyed hash is kept. */
export default class UserRecoveryCode extends compose(UserRecoveryCodeSchema, withUuidV7) {
  static table = 'user_recovery_codes'
}
