import vine from '@vinejs/vine'
import { characters, text, withoutNulCharacter } from '#validators/rules'
import { LANGUAGES } from '#helpers/languages'

/** The longest address (RFC 5321's path limit), everywhere an email is taken. */
export const EMAIL_MAX_LENGTH = 254

/** A person's name, as the account stores it. */
export const FULL_NAME_MAX_LENGTH = 255

/** A new password's length in characters; an existing one is compared up to the max. */
export const PASSWORD_LENGTH = { min: 8, max: 128 }

/** An emailed token (reset, verification, email change, invitation). */
export const TOKEN_MAX_LENGTH = 512

/** A session's id, as GET /auth/sessions lists it. */
export const SESSION_ID_MAX_LENGTH = 64

/** Emails compare case-insensitively: they are stored lower-cased. */
const email = () => text({ max: EMAIL_MAX_LENGTH }).email().toLowerCase()

/** The rules of a new password: signup, reset and change alike. */
const newPassword = () => vine.string().use(withoutNulCharacter()).use(characters(PASSWORD_LENGTH))

/** An emailed token: its shape is checked by the service (one 400 for any bad token). */
const token = () => vine.string().maxLength(TOKEN_MAX_LENGTH)

export const signupValidator = vine.create({
  email: email(),
  password: newPassword(),
  fullName: text({ max: FULL_NAME_MAX_LENGTH }).nullable().optional(),
})

/** Shape only: a wrong email or password is one generic 400 from the session controller. */
export const loginValidator = vine.create({
  email: text({ max: EMAIL_MAX_LENGTH }).toLowerCase(),
  password: vine.string().maxLength(PASSWORD_LENGTH.max),
})

export const forgotPasswordValidator = vine.create({ email: email() })

export const resetPasswordValidator = vine.create({ token: token(), password: newPassword() })

export const changePasswordValidator = vine.create({
  currentPassword: vine.string().maxLength(PASSWORD_LENGTH.max),
  password: newPassword(),
})

export const verifyEmailValidator = vine.create({ token: token() })

export const destroySessionValidator = vine.create({
  params: vine.object({ sessionId: vine.string().maxLength(SESSION_ID_MAX_LENGTH) }),
})

/** PATCH: every field optional; null clears the name, or the language (requests then choose). */
export const updateProfileValidator = vine.create({
  fullName: text({ max: FULL_NAME_MAX_LENGTH }).nullable().optional(),
  locale: vine.enum(LANGUAGES).nullable().optional(),
})

export const changeEmailValidator = vine.create({
  email: email(),
  currentPassword: vine.string().maxLength(PASSWORD_LENGTH.max),
})

export const confirmEmailValidator = vine.create({ token: token() })

export const deleteAccountValidator = vine.create({
  currentPassword: vine.string().maxLength(PASSWORD_LENGTH.max),
})
