import { test } from '@japa/runner'
import { apiDescription, TAGS } from '#api_docs/document'

/**
 * Generators other than openapi-fetch (orval, RTK Query, Kiota,
 * openapi-generator, Postman) name a client's methods after these: renaming
 * or removing one breaks their users, so the whole list is pinned here.
 */
const OPERATION_IDS = {
  'POST /newsletter/subscribe': 'subscribeToNewsletter',
  'GET /newsletter/unsubscribe': 'getNewsletterUnsubscription',
  'POST /newsletter/unsubscribe': 'unsubscribeFromNewsletter',
  'GET /newsletter/confirm': 'getNewsletterConfirmation',
  'POST /newsletter/confirm': 'confirmNewsletterSubscription',
  'GET /newsletter/challenge': 'getNewsletterChallenge',
  'GET /health': 'getHealth',
  'GET /health/live': 'getLiveness',
  'GET /health/ready': 'getReadiness',
  'GET /metrics': 'getMetrics',
  'GET /openapi.json': 'getOpenApiDocument',
  'GET /docs': 'getDocsPage',
  'GET /docs/viewer.js': 'getDocsViewer',
  'POST /auth/signup': 'signUp',
  'POST /auth/login': 'logIn',
  'POST /auth/logout': 'logOut',
  'GET /auth/me': 'getProfile',
  'PATCH /auth/me': 'updateProfile',
  'POST /auth/password/forgot': 'requestPasswordReset',
  'POST /auth/password/reset': 'resetPassword',
  'PUT /auth/password': 'changePassword',
  'POST /auth/email/verification': 'sendVerificationEmail',
  'POST /auth/email/verify': 'verifyEmail',
  'POST /auth/email/change': 'requestEmailChange',
  'POST /auth/email/confirm': 'confirmEmailChange',
  'GET /auth/account/export': 'exportAccount',
  'DELETE /auth/account': 'deleteAccount',
  'GET /auth/sessions': 'listSessions',
  'DELETE /auth/sessions/{sessionId}': 'endSession',
  'DELETE /auth/sessions': 'endOtherSessions',
  'POST /auth/login/second-factor': 'finishLogin',
  'POST /auth/reauthenticate': 'reauthenticate',
  'GET /auth/two-factor': 'getTwoFactorStatus',
  'POST /auth/two-factor/totp': 'setUpTotp',
  'POST /auth/two-factor/totp/confirm': 'confirmTotp',
  'DELETE /auth/two-factor/totp': 'removeTotp',
  'POST /auth/two-factor/recovery-codes': 'regenerateRecoveryCodes',
  'POST /auth/login/passkey/options': 'passkeyLoginOptions',
  'POST /auth/login/passkey': 'logInWithPasskey',
  'GET /auth/passkeys': 'listPasskeys',
  'POST /auth/passkeys/options': 'passkeyRegistrationOptions',
  'POST /auth/passkeys': 'addPasskey',
  'PATCH /auth/passkeys/{id}': 'renamePasskey',
  'DELETE /auth/passkeys/{id}': 'removePasskey',
  'GET /organizations': 'listOrganizations',
  'POST /organizations': 'createOrganization',
  'GET /organizations/{organizationId}': 'getOrganization',
  'PATCH /organizations/{organizationId}': 'updateOrganization',
  'DELETE /organizations/{organizationId}': 'deleteOrganization',
  'GET /organizations/{organizationId}/audit-log': 'listAuditLog',
  'POST /organizations/{organizationId}/leave': 'leaveOrganization',
  'POST /organizations/{organizationId}/ownership-transfer': 'transferOwnership',
  'GET /organizations/{organizationId}/members': 'listMembers',
  'POST /organizations/{organizationId}/members': 'addMember',
  'PATCH /organizations/{organizationId}/members/{userId}': 'changeMemberRole',
  'DELETE /organizations/{organizationId}/members/{userId}': 'removeMember',
  'GET /organizations/{organizationId}/invitations': 'listInvitations',
  'POST /organizations/{organizationId}/invitations': 'createInvitation',
  'DELETE /organizations/{organizationId}/invitations/{invitationId}': 'revokeInvitation',
  'POST /invitations/accept': 'acceptInvitation',
  'GET /organizations/{organizationId}/events': 'listEvents',
  'POST /organizations/{organizationId}/events': 'createEvent',
  'GET /organizations/{organizationId}/events/{id}': 'getEvent',
  'PATCH /organizations/{organizationId}/events/{id}': 'updateEvent',
  'DELETE /organizations/{organizationId}/events/{id}': 'deleteEvent',
}

type Operation = { operationId: string; tags: string[]; description: string }

function operations() {
  const document = apiDescription()
  return Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
    ([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path}`,
        ...operation,
      }))
  )
}

test.group('API description: operations by name', () => {
  test('every operation has its pinned operationId (renaming one is a breaking change)', ({
    assert,
  }) => {
    const named = Object.fromEntries(
      operations().map(({ route, operationId }) => [route, operationId])
    )
    assert.deepEqual(named, OPERATION_IDS)
  })

  test('every operation has a declared tag and a description; every tag is used', ({ assert }) => {
    const declared = TAGS.map(({ name }) => name)
    assert.deepEqual(apiDescription().tags, TAGS)
    for (const tag of TAGS) assert.isAbove(tag.description.length, 10, tag.name)
    const used = new Set<string>()
    for (const { route, tags, description } of operations()) {
      assert.lengthOf(tags, 1, route)
      assert.include(declared, tags[0], route)
      assert.isAbove(description.length, 10, route)
      used.add(tags[0])
    }
    assert.sameMembers([...used], declared)
  })

  test('the server is PUBLIC_URL, with the license and a contact', ({ assert }) => {
    const { servers, info } = apiDescription()
    assert.lengthOf(servers, 1)
    assert.match(servers[0].url, /^https?:\/\/[^/]+$/)
    assert.match(servers[0].description, /local/i)
    assert.deepEqual(info.license, { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' })
    assert.properties(info.contact, ['name', 'url'])
  })
})
