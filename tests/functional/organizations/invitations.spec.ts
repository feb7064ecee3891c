import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import {
  clearLimits,
  memberWithOrganization,
  sessionCookieFor,
  signedIn,
  signUp,
} from '#tests/helpers/accounts'
import { decoded, mailsTo, tokenLinkIn } from '#tests/helpers/mails'
import { smtpServer } from '#tests/helpers/smtp_server'
import { ISO_UTC } from '#tests/helpers/events'
import { frontendUrl } from '#config/accounts'
import type { ApiClient } from '@japa/api-client'
import { signupBody } from '#tests/helpers/builders'

const SUBJECT = 'You are invited to join an organization'
const INVALID_TOKEN = {
  errors: [
    { message: 'The token is invalid or has expired', code: 'input.token.invalid', field: 'token' },
  ],
}
const NOT_A_MEMBER = {
  errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
}

const invitationsPath = (organizationId: string, invitationId?: string) =>
  `/organizations/${organizationId}/invitations${invitationId ? `/${invitationId}` : ''}`

/** Invites `email` and returns the answer and the token of the email sent. */
async function invite(client: ApiClient, organizationId: string, cookie: string, email: string) {
  const response = await client
    .post(invitationsPath(organizationId))
    .header('cookie', cookie)
    .json({ email })
  response.assertStatus(201)
  const mails = await mailsTo(email.toLowerCase(), SUBJECT)
  return { response, token: tokenLinkIn(mails.at(-1)!).token }
}

test.group('Organizations invitations', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('emails a link; the invited account accepts it once and becomes a member', async ({
    client,
    assert,
  }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    const bob = await UserFactory.create()

    const { response, token } = await invite(
      client,
      organization.id,
      cookie,
      bob.email.toUpperCase()
    )

    const { data } = response.body()
    assert.deepEqual(Object.keys(data).sort(), [
      'createdAt',
      'email',
      'expiresAt',
      'id',
      'invitedBy',
      'role',
    ])
    assert.equal(data.email, bob.email)
    assert.equal(data.role, 'member')
    assert.deepEqual(data.invitedBy, { userId: user.id, email: user.email })
    assert.match(data.createdAt, ISO_UTC)
    const days = (Date.parse(data.expiresAt) - Date.parse(data.createdAt)) / 86_400_000
    assert.closeTo(days, 7, 0.01)
    const [mail] = await mailsTo(bob.email, SUBJECT)
    const { url } = tokenLinkIn(mail)
    assert.equal(`${url.origin}${url.pathname}`, `${frontendUrl}/invitations/accept`)
    assert.include(decoded(mail), organization.name.slice(0, 10))
    const [row] = await db.from('organization_invitations')
    assert.notInclude(JSON.stringify(row), token.split('.')[1])

    const bobCookie = await sessionCookieFor(client, bob)
    const accept = await client
      .post('/invitations/accept')
      .header('cookie', bobCookie)
      .json({ token })
    accept.assertStatus(200)
    assert.equal(accept.body().data.id, organization.id)
    assert.equal(accept.body().data.name, organization.name)
    assert.equal(accept.body().data.role, 'member')
    const membership = await db
      .from('organization_members')
      .where({ organization_id: organization.id, user_id: bob.id })
      .firstOrFail()
    assert.equal(membership.role, 'member')
    const show = await client.get(`/organizations/${organization.id}`).header('cookie', bobCookie)
    show.assertStatus(200)

    const again = await client
      .post('/invitations/accept')
      .header('cookie', bobCookie)
      .json({ token })
    again.assertStatus(400)
    again.assertBody(INVALID_TOKEN)
    const pending = await client.get(invitationsPath(organization.id)).header('cookie', cookie)
    pending.assertBody({ data: [] })
  })

  test('someone without an account signs up with the address, then accepts', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const { token } = await invite(client, organization.id, cookie, 'new@example.com')

    const { cookie: newcomer } = await signUp(client, signupBody({ email: 'new@example.com' }))
    const accept = await client
      .post('/invitations/accept')
      .header('cookie', newcomer)
      .json({ token })
    accept.assertStatus(200)
  })

  test('another signed-in address gets 403 and the link keeps working', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const bob = await UserFactory.create()
    const { token } = await invite(client, organization.id, cookie, bob.email)
    const { cookie: eve } = await signedIn(client)

    const refused = await client.post('/invitations/accept').header('cookie', eve).json({ token })
    refused.assertStatus(403)
    refused.assertBody({
      errors: [
        { message: 'This invitation was sent to another email address', code: 'auth.forbidden' },
      ],
    })
    const anonymous = await client.post('/invitations/accept').json({ token })
    anonymous.assertStatus(401)

    const bobCookie = await sessionCookieFor(client, bob)
    const accept = await client
      .post('/invitations/accept')
      .header('cookie', bobCookie)
      .json({ token })
    accept.assertStatus(200)
  })

  test('expired, revoked and tampered links are refused', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const { user: bob, cookie: bobCookie } = await signedIn(client)

    const first = await invite(client, organization.id, cookie, bob.email)
    const [id, secret] = first.token.split('.')
    const tampered = await client
      .post('/invitations/accept')
      .header('cookie', bobCookie)
      .json({ token: `${id}.${secret.slice(1)}A` })
    tampered.assertBody(INVALID_TOKEN)

    const revoke = await client
      .delete(invitationsPath(organization.id, first.response.body().data.id))
      .header('cookie', cookie)
    revoke.assertStatus(204)
    const revoked = await client
      .post('/invitations/accept')
      .header('cookie', bobCookie)
      .json({ token: first.token })
    revoked.assertStatus(400)
    revoked.assertBody(INVALID_TOKEN)
    const revokeAgain = await client
      .delete(invitationsPath(organization.id, first.response.body().data.id))
      .header('cookie', cookie)
    revokeAgain.assertStatus(404)

    const second = await invite(client, organization.id, cookie, bob.email)
    await db.from('organization_invitations').update({ expires_at: new Date(Date.now() - 1000) })
    const expired = await client
      .post('/invitations/accept')
      .header('cookie', bobCookie)
      .json({ token: second.token })
    expired.assertStatus(400)
    expired.assertBody(INVALID_TOKEN)
    // An expired invitation is not pending: not listed, and the address can be invited again.
    const pending = await client.get(invitationsPath(organization.id)).header('cookie', cookie)
    pending.assertBody({ data: [] })
    await invite(client, organization.id, cookie, bob.email)
  })

  test('409 for a member or a pending invitation; lists pending ones', async ({
    client,
    assert,
  }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    const member = await client
      .post(invitationsPath(organization.id))
      .header('cookie', cookie)
      .json({ email: user.email })
    member.assertStatus(409)
    member.assertBodyContains({ errors: [{ code: 'common.resource.conflict' }] })

    const { response } = await invite(client, organization.id, cookie, 'bob@example.com')
    const duplicate = await client
      .post(invitationsPath(organization.id))
      .header('cookie', cookie)
      .json({ email: 'BOB@example.com' })
    duplicate.assertStatus(409)
    assert.lengthOf(await mailsTo('bob@example.com', SUBJECT), 1)

    const list = await client.get(invitationsPath(organization.id)).header('cookie', cookie)
    list.assertStatus(200)
    list.assertBody({ data: [response.body().data] })
  })

  test('non-members get 403 on every invitation route', async ({ client }) => {
    const { organization } = await memberWithOrganization(client)
    const { cookie: outsider } = await signedIn(client)
    const { organization: own, cookie } = await memberWithOrganization(client)
    const { response } = await invite(client, own.id, cookie, 'bob@example.com')

    for (const request of [
      client.get(invitationsPath(organization.id)),
      client.post(invitationsPath(organization.id)).json({ email: 'x@example.com' }),
      client.delete(invitationsPath(organization.id, response.body().data.id)),
    ]) {
      const answer = await request.header('cookie', outsider)
      answer.assertStatus(403)
      answer.assertBody(NOT_A_MEMBER)
    }
    // A member naming another organization's invitation: 404.
    const { cookie: otherMember, organization: other } = await memberWithOrganization(client)
    const foreign = await client
      .delete(invitationsPath(other.id, response.body().data.id))
      .header('cookie', otherMember)
    foreign.assertStatus(404)
  })

  test('20 invitations per organization per day', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    for (let index = 0; index < 20; index++) {
      const response = await client
        .post(invitationsPath(organization.id))
        .header('cookie', cookie)
        .json({ email: `guest${index}@example.com` })
      response.assertStatus(201)
    }
    const refused = await client
      .post(invitationsPath(organization.id))
      .header('cookie', cookie)
      .json({ email: 'one-more@example.com' })
    refused.assertStatus(429)
    refused.assertBodyContains({ errors: [{ code: 'common.rate_limit.exceeded' }] })
    assert.lengthOf(await db.from('organization_invitations'), 20)
  })

  test('a failed email leaves no invitation behind, nor its audit entry', async ({
    client,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    smtpServer.rejectWith('mailbox unavailable')

    const response = await client
      .post(invitationsPath(organization.id))
      .header('cookie', cookie)
      .json({ email: 'bob@example.com' })

    response.assertStatus(500)
    response.assertBodyContains({ errors: [{ code: 'common.server.internal' }] })
    await database.assertCount('organization_invitations', 0)
    await database.assertCount('organization_audit_entries', 0)
    smtpServer.reset()
    await invite(client, organization.id, cookie, 'bob@example.com')
  })

  test('two concurrent accepts of one invitation make one membership', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const bob = await UserFactory.create()
    const { token } = await invite(client, organization.id, cookie, bob.email)
    const first = await sessionCookieFor(client, bob)
    const second = await sessionCookieFor(client, bob)
    await clearLimits()

    const answers = await Promise.all(
      [first, second, first, second].map((session) =>
        client.post('/invitations/accept').header('cookie', session).json({ token })
      )
    )

    assert.deepEqual(answers.map((answer) => answer.status()).sort(), [200, 400, 400, 400])
    const rows = await db
      .from('organization_members')
      .where({ organization_id: organization.id, user_id: bob.id })
    assert.lengthOf(rows, 1)
  })
})
