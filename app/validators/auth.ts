import vine from '@vinejs/vine'
import { characters, text, withoutNulCharacter } from '#validators/rules'
import { LANGUAGES } from '#helpers/languages'

/** Emails compare case-insensitively: they are stored lower-cased. */
const email = () => text({ max: 254 }).email().toLowerCase()

/** The rules of a new password: signup, reset and change alike. */
const newPassword = () =>
  vine
    .string()
    .use(withoutNulCharacter())
    .use(characters({ min: 8, max: 128 }))

/** An emailed token: its shape is checked by the service (one 400 for any bad token). */
const token = () => vine.string().maxLength(512)

export const signupValidator = vine.create({
  email: email(),
  password: newPassword(),
  fullName: text({ max: 255 }).nullable().optional(),
})

/** Shape only: a wrong email or password is one generic 400 from the session controller. */
export const loginValidator = vine.create({
  email: text({ max: 254 }).toLowerCase(),
  password: vine.string().maxLength(128),
})

export const forgotPasswordValidator = vine.create({ email: email() })

export const resetPasswordValidator = vine.create({ token: token(), password: newPassword() })

export const changePasswordValidator = vine.create({
  currentPassword: vine.string().maxLength(128),
  password: newPassword(),
})

export const verifyEmailValidator = vine.create({ token: token() })

export const destroySessionValidator = vine.create({
  params: vine.object({ sessionId: vine.string().maxLength(64) }),
})

/** PATCH: every field optional; null clears the name, or the language (requests then choose). */
export const updateProfileValidator = vine.create({
  fullName: text({ max: 255 }).nullable().optional(),
  locale: vine.enum(LANGUAGES).nullable().optional(),
})

export const changeEmailValidator = vine.create({
  email: email(),
  currentPassword: vine.string().maxLength(128),
})

export const confirmEmailValidator = vine.create({ token: token() })

export const deleteAccountValidator = vine.create({
  currentPassword: vine.string().maxLength(128),
})
