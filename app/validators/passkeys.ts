import vine from '@vinejs/vine'
import { text, uuid } from '#validators/rules'

/** A passkey's name, in characters. */
export const PASSKEY_NAME_MAX_LENGTH = 64

/**
 * A credential id as the browser encodes it (base64url). Real ones are at
 * most a few hundred bytes; the column holds 1024 characters.
 */
export const CREDENTIAL_ID_MAX_LENGTH = 1024

/** base64url, as `@simplewebauthn/browser` and the WebAuthn JSON forms encode binary values. */
const base64url = (maxLength: number) =>
  vine
    .string()
    .minLength(1)
    .maxLength(maxLength)
    .regex(/^[A-Za-z0-9_-]+$/)

/**
 * What a WebAuthn response has in common (the JSON of a PublicKeyCredential,
 * as `startRegistration` / `startAuthentication` return it). Shape only: the
 * service verifies it. Unknown members are dropped.
 */
const credential = <Properties extends Record<string, any>>(response: Properties) =>
  vine.object({
    id: base64url(CREDENTIAL_ID_MAX_LENGTH),
    rawId: base64url(CREDENTIAL_ID_MAX_LENGTH),
    type: vine.enum(['public-key'] as const),
    authenticatorAttachment: vine.enum(['platform', 'cross-platform'] as const).optional(),
    response: vine.object({ clientDataJSON: base64url(4096), ...response }),
  })

/** The answer of `navigator.credentials.create()`: a new passkey. */
export const registrationResponse = () =>
  credential({
    attestationObject: base64url(32_768),
    transports: vine
      .array(
        vine
          .string()
          .maxLength(32)
          .regex(/^[a-z-]+$/)
      )
      .maxLength(10)
      .optional(),
  })

/** The answer of `navigator.credentials.get()`: a passkey signing a challenge. */
export const authenticationResponse = () =>
  credential({
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: base64url(128).nullable().optional(),
  })

const passkeyName = () => text({ min: 1, max: PASSKEY_NAME_MAX_LENGTH })

/** A name is optional: without one the passkey is named after the day it was added. */
export const registerPasskeyValidator = vine.create({
  response: registrationResponse(),
  name: passkeyName().nullable().optional(),
})

export const renamePasskeyValidator = vine.create({
  name: passkeyName(),
  params: vine.object({ id: uuid() }),
})

export const deletePasskeyValidator = vine.create({ params: vine.object({ id: uuid() }) })

export const passkeyLoginValidator = vine.create({ response: authenticationResponse() })
