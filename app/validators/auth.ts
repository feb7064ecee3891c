import vine from '@vinejs/vine'
import { text, withoutNulCharacter } from '#validators/rules'

/** Emails compare case-insensitively: they are stored lower-cased. */
const email = () => text().maxLength(254).email().toLowerCase()

export const signupValidator = vine.create({
  email: email(),
  password: vine.string().minLength(8).maxLength(128).use(withoutNulCharacter()),
  fullName: text().maxLength(255).nullable().optional(),
})

/** Shape only: a wrong email or password is one generic 400 from the session controller. */
export const loginValidator = vine.create({
  email: text().maxLength(254).toLowerCase(),
  password: vine.string().maxLength(128),
})
