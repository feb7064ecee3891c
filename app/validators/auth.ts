import vine from '@vinejs/vine'
import { characters, text, withoutNulCharacter } from '#validators/rules'

/** Emails compare case-insensitively: they are stored lower-cased. */
const email = () => text({ max: 254 }).email().toLowerCase()

export const signupValidator = vine.create({
  email: email(),
  password: vine
    .string()
    .use(withoutNulCharacter())
    .use(characters({ min: 8, max: 128 })),
  fullName: text({ max: 255 }).nullable().optional(),
})

/** Shape only: a wrong email or password is one generic 400 from the session controller. */
export const loginValidator = vine.create({
  email: text({ max: 254 }).toLowerCase(),
  password: vine.string().maxLength(128),
})
