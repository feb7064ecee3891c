import {
  confirmTotpValidator,
  reauthenticateValidator,
  secondFactorValidator,
  setupTotpValidator,
} from '#validators/two_factor'
import { bodyOf, data, group, json, ref } from '#api_docs/builders'
import {
  API_LIMIT,
  SIGNED_IN,
  errorAnswer,
  everyRoute,
  jsonBodyErrors,
  languageHeaders,
} from '#api_docs/shared'

const error = (description: string) => json(ref('Error'), description, languageHeaders)

/** /auth/two-factor, /auth/login/second-factor and /auth/reauthenticate. */
export function twoFactorPaths() {
  return {
    ...group(
      { tag: 'auth', rateLimit: API_LIMIT },
      {
        'POST /auth/login/second-factor': {
          id: 'finishLogin',
          summary: 'Finish a password login with a second factor: `{ code }` or `{ recoveryCode }`',
          description:
            'After POST /auth/login answered 401 `auth.second_factor_required`, in the same session (its cookie), within 10 minutes. A wrong code: 401 `auth.second_factor_invalid`; after 5 wrong codes the pending login is dead (429 until it expires, then 401 `auth.second_factor_expired`: sign in with the password again); 10 wrong codes in a row lock the account’s second-factor attempts for 15 minutes (429, Retry-After). Rate limit: ' +
            API_LIMIT +
            '.',
          body: bodyOf(secondFactorValidator),
          responses: {
            200: json(
              data(ref('User')),
              'Signed in under a new session id; sets the session cookie'
            ),
            401: error(
              'A wrong or already used code (`auth.second_factor_invalid`), or no pending login in this session: none started, finished or past its 10 minutes (`auth.second_factor_expired`)'
            ),
          },
          errors: [...jsonBodyErrors, ...everyRoute],
        },
      }
    ),
    ...group(
      { tag: 'auth', ...SIGNED_IN },
      {
        'POST /auth/reauthenticate': {
          id: 'reauthenticate',
          summary:
            'Prove who you are again, for sensitive actions: `{ password }`, `{ code }`, `{ recoveryCode }` or `{ passkeyResponse }` (to options from POST /auth/login/passkey/options)',
          description:
            'Needs the session cookie. Opens the window of `REAUTH_MAX_AGE_SECONDS` for this session. A wrong proof: 401 `auth.reauthentication_failed`; 5 a minute per account and IP (with wrong current passwords) → 429 for 15 minutes. Rate limit: ' +
            API_LIMIT +
            '.',
          body: bodyOf(reauthenticateValidator),
          responses: {
            204: { description: 'Re-authenticated' },
            401: error(
              'No valid session (`auth.unauthenticated`) or a wrong proof (`auth.reauthentication_failed`)'
            ),
          },
          errors: [...jsonBodyErrors, ...everyRoute],
        },
        'GET /auth/two-factor': {
          id: 'getTwoFactorStatus',
          summary: 'The second factors of the account',
          responses: { 200: json(data(ref('TwoFactorStatus')), 'The account’s second factors') },
          errors: [401, ...everyRoute],
        },
        'POST /auth/two-factor/totp': {
          id: 'setUpTotp',
          reauthentication: true,
          summary:
            'Start setting up an authenticator app: a new secret, not active until confirmed (replaces a setup not confirmed)',
          description: `Needs the session cookie and the current password (wrong: 400 \`input.currentPassword.invalid\`, throttled like logins). With an authenticator already confirmed: 409 \`common.resource.conflict\` (remove it first). Rate limit: ${API_LIMIT}.`,
          body: bodyOf(setupTotpValidator),
          responses: {
            201: json(data(ref('TotpSetup')), 'The secret and its otpauth:// URI'),
          },
          errors: [...jsonBodyErrors, 401, 409, ...everyRoute],
        },
        'POST /auth/two-factor/totp/confirm': {
          id: 'confirmTotp',
          summary:
            'Turn the authenticator app on with a code from it; answers 10 recovery codes, shown once',
          description: `Needs the session cookie. A wrong code: 400 \`input.code.invalid\`; no setup waiting to be confirmed: 409 \`common.resource.conflict\`. The account is emailed when it had no second factor before. Rate limit: ${API_LIMIT}.`,
          body: bodyOf(confirmTotpValidator),
          responses: { 200: json(data(ref('RecoveryCodes')), 'On; the recovery codes') },
          errors: [...jsonBodyErrors, 401, 409, ...everyRoute],
        },
        'DELETE /auth/two-factor/totp': {
          id: 'removeTotp',
          reauthentication: true,
          summary: 'Remove the authenticator app and the recovery codes',
          description: `Needs the session cookie. The account is emailed when this leaves it without a second factor. Rate limit: ${API_LIMIT}.`,
          responses: {
            204: { description: 'Removed' },
            409: errorAnswer(
              'The last second factor of an account in an organization that requires two (`organization.two_factor_required`)'
            ),
          },
          errors: [401, 409, ...everyRoute],
        },
        'POST /auth/two-factor/recovery-codes': {
          id: 'regenerateRecoveryCodes',
          reauthentication: true,
          summary: 'Ten new recovery codes, shown once; the old ones stop working',
          description: `Needs the session cookie. Without a confirmed authenticator app: 409 \`common.resource.conflict\`. Rate limit: ${API_LIMIT}.`,
          responses: {
            200: json(data(ref('RecoveryCodes')), 'The new recovery codes'),
          },
          errors: [401, 409, ...everyRoute],
        },
      }
    ),
  }
}
