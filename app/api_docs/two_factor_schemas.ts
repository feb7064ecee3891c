import { EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH } from '#validators/auth'
import { CREDENTIAL_ID_MAX_LENGTH, PASSKEY_NAME_MAX_LENGTH } from '#validators/passkeys'
import { webauthn } from '#config/webauthn'
import { nullable, object, text, timestamp, uuidSchema, type Schema } from '#api_docs/builders'

/*
 * The second factors' answers, and the passkey and the WebAuthn options the
 * API hands to the browser as @simplewebauthn/browser reads them (parts of
 * schemas.ts's components).
 */

const email = text(EMAIL_MAX_LENGTH)
const secondFactorCount = { type: 'integer', format: 'int32', minimum: 0, maximum: 1000 }

/** Binary values of WebAuthn options, as their JSON form writes them. */
const base64url = (maxLength: number) => ({
  type: 'string',
  maxLength,
  pattern: '^[A-Za-z0-9_-]*$',
})
const publicKey = { enum: ['public-key'] }
const coseAlgorithm = {
  type: 'integer',
  format: 'int32',
  enum: webauthn.algorithms,
  minimum: Math.min(...webauthn.algorithms),
  maximum: Math.max(...webauthn.algorithms),
}
const timeoutMs = { type: 'integer', format: 'int32', minimum: 0, maximum: 600_000 }
const credentialDescriptor = object(
  {
    id: base64url(CREDENTIAL_ID_MAX_LENGTH),
    type: publicKey,
    transports: { type: 'array', maxItems: 10, items: text(32) },
  },
  { optional: ['transports'] }
)

export const passkeySchemas: Record<string, Schema> = {
  Passkey: object({
    id: uuidSchema,
    name: { type: 'string', minLength: 1, maxLength: PASSKEY_NAME_MAX_LENGTH },
    createdAt: timestamp,
    lastUsedAt: { ...nullable(timestamp), description: 'The last sign-in with it' },
    backedUp: {
      type: 'boolean',
      description: 'Synced to a provider’s cloud (e.g. a password manager)',
    },
    deviceType: {
      enum: ['singleDevice', 'multiDevice'],
      description: 'Whether it can be backed up and synced to other devices',
    },
  }),
  PasskeyCreationOptions: object(
    {
      challenge: base64url(128),
      rp: object({ name: text(255), id: text(253) }),
      user: object({ id: base64url(64), name: email, displayName: text(FULL_NAME_MAX_LENGTH) }),
      pubKeyCredParams: {
        type: 'array',
        maxItems: webauthn.algorithms.length,
        items: object({
          alg: { ...coseAlgorithm, description: 'EdDSA (-8), ES256 (-7), RS256 (-257)' },
          type: publicKey,
        }),
      },
      timeout: timeoutMs,
      attestation: { enum: ['none'] },
      excludeCredentials: {
        type: 'array',
        description: 'The account’s passkeys, so an authenticator does not register twice',
        items: credentialDescriptor,
      },
      authenticatorSelection: object({
        residentKey: { enum: ['required'] },
        requireResidentKey: { type: 'boolean' },
        userVerification: { enum: ['required'] },
      }),
      extensions: object({ credProps: { type: 'boolean' } }, { optional: ['credProps'] }),
      hints: {
        type: 'array',
        maxItems: 3,
        items: { enum: ['security-key', 'client-device', 'hybrid'] },
      },
    },
    {
      optional: ['extensions', 'hints'],
      description:
        'PublicKeyCredentialCreationOptionsJSON: what `startRegistration({ optionsJSON })` of @simplewebauthn/browser takes',
    }
  ),
  PasskeyRequestOptions: object(
    {
      rpId: text(253),
      challenge: base64url(128),
      allowCredentials: {
        type: 'array',
        description: 'Empty: any passkey of the relying party may answer (discoverable)',
        maxItems: 0,
        items: credentialDescriptor,
      },
      timeout: timeoutMs,
      userVerification: { enum: ['required'] },
    },
    {
      description:
        'PublicKeyCredentialRequestOptionsJSON: what `startAuthentication({ optionsJSON })` of @simplewebauthn/browser takes',
    }
  ),
}

export const twoFactorSchemas: Record<string, Schema> = {
  TwoFactorStatus: object({
    totp: { type: 'boolean', description: 'An authenticator app is set up and confirmed' },
    passkeys: { ...secondFactorCount, description: 'Passkeys of the account' },
    recoveryCodesRemaining: { ...secondFactorCount, description: 'Recovery codes not yet used' },
  }),
  TotpSetup: object({
    secret: text(64, 'The secret (Base32), for typing into an authenticator app'),
    otpauthUri: text(1024, 'The same as an `otpauth://totp/...` URI, for a QR code'),
  }),
  RecoveryCodes: object({
    recoveryCodes: {
      type: 'array',
      description:
        'Ten single-use codes (`xxxx-xxxx-xxxx`), shown this once; case, spaces and dashes do not matter when typed',
      minItems: 10,
      maxItems: 10,
      items: text(14),
    },
  }),
}
