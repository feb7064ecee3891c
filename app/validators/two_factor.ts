import { authenticationResponse } from '#validators/passkeys'
import vine from '@vinejs/vine'
import { sixDigits } from '#validators/rules'
import { PASSWORD_LENGTH } from '#validators/auth'

/** A recovery code as typed (case, spaces and dashes do not matter): its shape is the service's. */
export const RECOVERY_CODE_MAX_LENGTH = 64

const code = () => vine.string().use(sixDigits())
const recoveryCode = () => vine.string().maxLength(RECOVERY_CODE_MAX_LENGTH)
const password = () => vine.string().maxLength(PASSWORD_LENGTH.max)

/** POST /auth/two-factor/totp: the current password, as every account change asks for it. */
export const setupTotpValidator = vine.create({ currentPassword: password() })

export const confirmTotpValidator = vine.create({ code: code() })

/** POST /auth/login/second-factor: `{ code }` or `{ recoveryCode }`. */
export const secondFactorValidator = vine.create({
  code: code().optional().requiredIfMissing('recoveryCode'),
  recoveryCode: recoveryCode().optional(),
})

/**
 * POST /auth/reauthenticate: `{ password }`, `{ code }` or `{ recoveryCode }`
 * (the passkey part adds `{ passkeyResponse }` here and in
 * app/services/accounts/two_factor/reauthentication.ts).
 */
export const reauthenticateValidator = vine.create({
  password: password().optional().requiredIfMissing(['code', 'recoveryCode', 'passkeyResponse']),
  code: code().optional(),
  recoveryCode: recoveryCode().optional(),
  // An assertion to options from POST /auth/login/passkey/options, by one of the account's passkeys.
  passkeyResponse: authenticationResponse().optional(),
})
