import { UserTotpSecretSchema } from '#database/schema'

/**
 * An account's authenticator-app secret, encrypted with the app's key;
 * active once `confirmedAt` is set. One per account (its key is the user).
 */
export default class UserTotpSecret extends UserTotpSecretSchema {
  static table = 'user_totp_secrets'
}
