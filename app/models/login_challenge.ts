import { LoginChallengeSchema } from '#database/schema'
import { withUuidV7 } from '#models/mixins/with_uuid_v7'
import { compose } from '@adonisjs/core/helpers'

/**
 * A password login waiting for its second factor: the session holds only
 * its id, its state lives here (app/services/accounts/two_factor/login_challenges.ts).
 */
export default class LoginChallenge extends compose(LoginChallengeSchema, withUuidV7) {
  static table = 'login_challenges'
}
