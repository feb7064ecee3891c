import {
  changeEmailValidator,
  changePasswordValidator,
  confirmEmailValidator,
  deleteAccountValidator,
  forgotPasswordValidator,
  loginValidator,
  resetPasswordValidator,
  signupValidator,
  updateProfileValidator,
  verifyEmailValidator,
} from '#validators/auth'
import { bodyOf, data, group, json, listOf, ref } from '#api_docs/builders'
import {
  API_AREA,
  API_LIMIT,
  jsonBodyErrors,
  languageHeaders,
  REAUTHENTICATION,
  reauthenticationError,
} from '#api_docs/shared'

const user = (description: string) => json(data(ref('User')), description)

/** /auth: signing up and in, the account, its password, address, sessions and data. */
export function authPaths() {
  return group(
    { tag: 'auth', ...API_AREA },
    {
      'POST /auth/signup': {
        id: 'signUp',
        summary: 'Create an account and sign in',
        body: bodyOf(signupValidator),
        responses: { 201: user('Signed up; sets the session cookie') },
        errors: [...jsonBodyErrors, 409],
      },
      'POST /auth/login': {
        id: 'logIn',
        summary: 'Sign in',
        description: `Needs no session. An account with a second factor is not signed in yet: 401 \`auth.second_factor_required\` with \`errors[0].meta.methods\` (\`totp\`, \`recovery_code\`, \`passkey\`), and the session cookie set carries only the pending login, to finish with POST /auth/login/second-factor within 10 minutes. Rate limit: ${API_LIMIT}; 5 failures per email and IP in a minute → 429 for 15 minutes.`,
        body: bodyOf(loginValidator),
        responses: {
          200: user('Signed in; sets the session cookie'),
          401: json(
            ref('Error'),
            'A second factor is needed (`auth.second_factor_required`, with `meta.methods`); sets the session cookie of the pending login',
            languageHeaders
          ),
        },
        errors: [...jsonBodyErrors],
      },
      'POST /auth/logout': {
        id: 'logOut',
        summary: 'Sign out',
        session: true,
        responses: { 204: { description: 'Signed out' } },
        errors: [400, 401],
      },
      'GET /auth/me': {
        id: 'getProfile',
        summary: 'The signed-in account',
        session: true,
        responses: { 200: user('The account') },
        errors: [401],
      },
      'PATCH /auth/me': {
        id: 'updateProfile',
        summary: 'Change the name or the language of the account',
        session: true,
        body: bodyOf(updateProfileValidator),
        responses: { 200: user('The account') },
        errors: [...jsonBodyErrors, 401],
      },
      'POST /auth/password/forgot': {
        id: 'requestPasswordReset',
        rateLimit: '10 requests a minute per IP address',
        summary: 'Email a password reset link (same answer whether or not the account exists)',
        body: bodyOf(forgotPasswordValidator),
        responses: { 202: json(ref('Messages'), 'Accepted', languageHeaders) },
        errors: [...jsonBodyErrors],
      },
      'POST /auth/password/reset': {
        id: 'resetPassword',
        summary: 'Set a new password with an emailed token (every session ends)',
        body: bodyOf(resetPasswordValidator),
        responses: { 204: { description: 'Password reset' } },
        errors: [...jsonBodyErrors],
      },
      'PUT /auth/password': {
        id: 'changePassword',
        reauthentication: true,
        summary: 'Change the password (this session continues, the others end)',
        session: true,
        body: bodyOf(changePasswordValidator),
        responses: { 204: { description: 'Password changed' } },
        errors: [...jsonBodyErrors, 401],
      },
      'POST /auth/email/verification': {
        id: 'sendVerificationEmail',
        rateLimit: '6 requests an hour per account',
        summary: 'Email a verification link',
        session: true,
        responses: { 202: json(ref('Messages'), 'Accepted', languageHeaders) },
        errors: [400, 401],
      },
      'POST /auth/email/verify': {
        id: 'verifyEmail',
        summary: 'Verify the address with an emailed token',
        body: bodyOf(verifyEmailValidator),
        responses: { 200: user('Verified') },
        errors: [...jsonBodyErrors],
      },
      'POST /auth/email/change': {
        id: 'requestEmailChange',
        reauthentication: true,
        rateLimit: '6 requests an hour per account',
        summary:
          'Move the account to a new address: a link (24 h) to it, a notice to the current one; nothing changes until the link is used',
        session: true,
        body: bodyOf(changeEmailValidator),
        responses: {
          202: json(
            ref('Messages'),
            'Accepted (the same whether or not the address has an account)'
          ),
        },
        errors: [...jsonBodyErrors, 401],
      },
      'POST /auth/email/confirm': {
        id: 'confirmEmailChange',
        summary: 'Confirm a change of address with the emailed token (every other session ends)',
        body: bodyOf(confirmEmailValidator),
        responses: { 200: user('The account at its new, verified address') },
        errors: [...jsonBodyErrors, 409],
      },
      'GET /auth/account/export': {
        id: 'exportAccount',
        summary: 'Download everything the API holds about the account (one JSON file)',
        session: true,
        responses: {
          200: json(data(ref('AccountExport')), 'The export, as an attachment', {
            'Content-Disposition': {
              description: 'attachment; filename="account-<date>.json"',
              required: true,
              schema: { type: 'string', maxLength: 64 },
            },
          }),
        },
        errors: [401],
      },
      'DELETE /auth/account': {
        id: 'deleteAccount',
        reauthentication: true,
        summary:
          'Delete the account with its current password (409 organization.last_owner, with meta.organizationIds, while it is the last owner of an organization with other members)',
        session: true,
        body: bodyOf(deleteAccountValidator),
        responses: { 204: { description: 'Deleted; every session of the account has ended' } },
        errors: [...jsonBodyErrors, 401, 409],
      },
      'GET /auth/sessions': {
        id: 'listSessions',
        summary: 'The sessions of the account',
        session: true,
        responses: { 200: json(data(listOf('AccountSession')), 'Sessions') },
        errors: [401],
      },
      'DELETE /auth/sessions/:sessionId': {
        id: 'endSession',
        summary: 'End one session, everywhere',
        description: `Needs the session cookie. Ending the current session signs this client out; ending another is a sensitive action. ${REAUTHENTICATION} Rate limit: ${API_LIMIT}.`,
        session: true,
        responses: { 204: { description: 'Ended' }, 403: reauthenticationError() },
        errors: [400, 401, 404],
      },
      'DELETE /auth/sessions': {
        id: 'endOtherSessions',
        reauthentication: true,
        summary: 'End every session but the current one',
        session: true,
        responses: { 204: { description: 'Ended' } },
        errors: [401],
      },
    }
  )
}
