import {
  passkeyLoginValidator,
  registerPasskeyValidator,
  renamePasskeyValidator,
} from '#validators/passkeys'
import { bodyOf, data, group, json, listOf, ref } from '#api_docs/builders'
import {
  API_LIMIT,
  SIGNED_IN,
  errorAnswer,
  everyRoute,
  jsonBodyErrors,
  languageHeaders,
} from '#api_docs/shared'

const passkey = (description: string) => json(data(ref('Passkey')), description)

/** A passkey sign-in that does not verify, whatever the reason. */
const passkeyInvalid = json(
  ref('Error'),
  'The passkey could not be verified (`auth.passkey_invalid`): unknown credential, wrong, spent or expired challenge, bad signature, no user verification, or a signature counter that went backwards',
  languageHeaders
)

/**
 * Passkeys (WebAuthn): the ceremonies run on the frontend's origin (the
 * relying party) with @simplewebauthn/browser; the API issues the options
 * and verifies the responses.
 */
export function passkeyPaths() {
  return {
    ...group(
      { tag: 'auth', rateLimit: API_LIMIT },
      {
        'POST /auth/login/passkey/options': {
          id: 'passkeyLoginOptions',
          summary:
            'Options for signing in with a passkey (`startAuthentication`); the challenge is good once, for 5 minutes',
          responses: { 200: json(data(ref('PasskeyRequestOptions')), 'The options') },
          errors: [...everyRoute],
        },
        'POST /auth/login/passkey': {
          id: 'logInWithPasskey',
          summary:
            'Sign in with a passkey alone (no email): the account whose passkey answered, under a new session; with user verification it counts as two factors',
          body: bodyOf(passkeyLoginValidator),
          responses: {
            200: json(data(ref('User')), 'Signed in; sets the session cookie'),
            401: passkeyInvalid,
          },
          errors: [...jsonBodyErrors, 401, ...everyRoute],
        },
      }
    ),
    ...group(
      { tag: 'auth', ...SIGNED_IN },
      {
        'GET /auth/passkeys': {
          id: 'listPasskeys',
          summary: 'The passkeys of the account, oldest first',
          responses: { 200: json(data(listOf('Passkey')), 'Passkeys') },
          errors: [401, ...everyRoute],
        },
        'POST /auth/passkeys/options': {
          id: 'passkeyRegistrationOptions',
          reauthentication: true,
          summary:
            'Options for adding a passkey (`startRegistration`): discoverable, user verification required, the account’s passkeys excluded; the challenge is good once, for 5 minutes',
          responses: { 200: json(data(ref('PasskeyCreationOptions')), 'The options') },
          errors: [401, ...everyRoute],
        },
        'POST /auth/passkeys': {
          id: 'addPasskey',
          reauthentication: true,
          summary:
            'Add the passkey `startRegistration` created (named `Passkey <date>` unless named); the account is emailed',
          description:
            'Needs the session cookie. A response that does not verify against options this account asked for within 5 minutes (challenge, origin, relying party, user verification, algorithm) is 400 `input.response.invalid`; a passkey already registered is 409.',
          body: bodyOf(registerPasskeyValidator),
          responses: { 201: passkey('Added') },
          errors: [...jsonBodyErrors, 401, 409, ...everyRoute],
        },
        'PATCH /auth/passkeys/:id': {
          id: 'renamePasskey',
          summary: 'Rename a passkey of the account',
          body: bodyOf(renamePasskeyValidator),
          responses: { 200: passkey('Renamed') },
          errors: [...jsonBodyErrors, 401, 404, ...everyRoute],
        },
        'DELETE /auth/passkeys/:id': {
          id: 'removePasskey',
          reauthentication: true,
          summary:
            'Remove a passkey of the account: it can no longer sign in; the account is emailed',
          responses: {
            204: { description: 'Removed' },
            409: errorAnswer(
              'The last second factor of an account in an organization that requires two (`organization.two_factor_required`)'
            ),
          },
          errors: [400, 401, 404, 409, ...everyRoute],
        },
      }
    ),
  }
}
