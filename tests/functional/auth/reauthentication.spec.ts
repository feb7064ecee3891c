import { test } from '@japa/runner'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { appKey } from '#config/app'
import { resetDatabase } from '#tests/helpers/database'
import { addMember, sessionCookieOf, signedIn } from '#tests/helpers/accounts'
import { AppProcess } from '#tests/helpers/app_process'
import { mailsTo } from '#tests/helpers/mails'
import { smtpServer } from '#tests/helpers/smtp_server'
import {
  signInWithTotp,
  totpCode,
  userWithTotp,
  withTestClock,
  type TestClock,
} from '#tests/helpers/two_factor'

const REQUIRED = {
  errors: [
    {
      message: 'Confirm it is you before this action',
      code: 'auth.reauthentication_required',
      meta: { methods: ['password', 'totp', 'recovery_code'], maxAgeSeconds: 600 },
    },
  ],
}

const FAILED = {
  errors: [{ message: 'That did not confirm it is you', code: 'auth.reauthentication_failed' }],
}

/**
 * An owner with an authenticator app, signed in with both factors, in an
 * organization with a second member; and the public id of another of its
 * sessions.
 */
async function ownerWithTotp(client: ApiClient, clock: TestClock) {
  const { user, secret, recoveryCodes } = await userWithTotp(client, clock)
  const organization = await OrganizationFactory.create()
  await addMember(organization, user, 'owner')
  const other = await UserFactory.create()
  await addMember(organization, other, 'member')
  const elsewhere = await signInWithTotp(client, user, secret, clock)
  const cookie = await signInWithTotp(client, user, secret, clock)
  const sessions = await client.get('/auth/sessions').header('cookie', cookie)
  const otherSessionId = sessions
    .body()
    .data.find((session: { current: boolean }) => !session.current).id as string
  return { user, secret, recoveryCodes, organization, other, cookie, elsewhere, otherSessionId }
}

type Owner = Awaited<ReturnType<typeof ownerWithTotp>>

/** Every sensitive action, each with a body that would otherwise succeed. */
const SENSITIVE: Record<string, (client: ApiClient, owner: Owner) => ApiRequest> = {
  'PUT /auth/password': (client) =>
    client
      .put('/auth/password')
      .json({ currentPassword: FACTORY_PASSWORD, password: 'a brand new password' }),
  'POST /auth/email/change': (client) =>
    client
      .post('/auth/email/change')
      .json({ email: 'new@example.com', currentPassword: FACTORY_PASSWORD }),
  'DELETE /auth/account': (client) =>
    client.delete('/auth/account').json({ currentPassword: FACTORY_PASSWORD }),
  'DELETE /auth/sessions': (client) => client.delete('/auth/sessions'),
  'DELETE /auth/sessions/:sessionId (another)': (client, owner) =>
    client.delete(`/auth/sessions/${owner.otherSessionId}`),
  'POST /auth/two-factor/totp': (client) =>
    client.post('/auth/two-factor/totp').json({ currentPassword: FACTORY_PASSWORD }),
  'DELETE /auth/two-factor/totp': (client) => client.delete('/auth/two-factor/totp'),
  'POST /auth/two-factor/recovery-codes': (client) =>
    client.post('/auth/two-factor/recovery-codes'),
  'DELETE /organizations/:organizationId': (client, owner) =>
    client.delete(`/organizations/${owner.organization.id}`),
  'POST /organizations/:organizationId/ownership-transfer': (client, owner) =>
    client
      .post(`/organizations/${owner.organization.id}/ownership-transfer`)
      .json({ userId: owner.other.id }),
}

/** What the sensitive actions would change. */
async function state(userId: string) {
  const user = await db.from('users').where('id', userId).first()
  const sessions = await db.from('sessions').whereNotNull('user_id')
  return {
    user,
    sessions: sessions.length,
    totp: await db.from('user_totp_secrets').where('user_id', userId),
    recoveryCodes: await db.from('user_recovery_codes').where('user_id', userId),
    organizations: await db.from('organizations'),
    members: await db.from('organization_members').orderBy('user_id'),
    tokens: await db.from('account_tokens'),
  }
}

test.group('Auth re-authentication', (group) => {
  const time = withTestClock(group)
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('past the window, every sensitive action is a 403 whatever it carries, and changes nothing', async ({
    client,
    assert,
  }) => {
    const owner = await ownerWithTotp(client, time.clock)
    time.clock.advance(600)
    const before = await state(owner.user.id)

    for (const [route, send] of Object.entries(SENSITIVE)) {
      const response = await send(client, owner).header('cookie', owner.cookie)
      assert.equal(response.status(), 403, route)
      assert.deepEqual(response.body(), REQUIRED, route)
    }

    assert.deepEqual(await state(owner.user.id), before)
  }).timeout(60_000)

  test('within the window of the sign-in, every sensitive action goes through', async ({
    client,
    assert,
  }) => {
    for (const [route, send] of Object.entries(SENSITIVE)) {
      await resetDatabase()
      const owner = await ownerWithTotp(client, time.clock)
      time.clock.advance(599)
      const response = await send(client, owner).header('cookie', owner.cookie)
      // Past the guard: done, or refused for its own reason (TOTP already on, the last owner).
      assert.oneOf(response.status(), [200, 201, 202, 204, 409], route)
    }
  }).timeout(60_000)

  test('POST /auth/reauthenticate with the password opens the window again, for this session only', async ({
    client,
  }) => {
    const owner = await ownerWithTotp(client, time.clock)
    time.clock.advance(3600)

    const response = await client
      .post('/auth/reauthenticate')
      .header('cookie', owner.cookie)
      .json({ password: FACTORY_PASSWORD })

    response.assertStatus(204)
    const allowed = await client
      .post('/auth/two-factor/recovery-codes')
      .header('cookie', owner.cookie)
    allowed.assertStatus(200)
    const otherSession = await client
      .post('/auth/two-factor/recovery-codes')
      .header('cookie', owner.elsewhere)
    otherSession.assertStatus(403)
    otherSession.assertBody(REQUIRED)

    // The window closes again.
    time.clock.advance(600)
    const closed = await client
      .post('/auth/two-factor/recovery-codes')
      .header('cookie', owner.cookie)
    closed.assertStatus(403)
  })

  test('a code re-authenticates once; a recovery code too, and the account is emailed', async ({
    client,
    assert,
  }) => {
    const owner = await ownerWithTotp(client, time.clock)
    time.clock.advance(3600)
    const code = await totpCode(owner.secret, time.clock)

    const first = await client
      .post('/auth/reauthenticate')
      .header('cookie', owner.cookie)
      .json({ code })
    first.assertStatus(204)
    const replayed = await client
      .post('/auth/reauthenticate')
      .header('cookie', owner.cookie)
      .json({ code })
    replayed.assertStatus(401)
    replayed.assertBody(FAILED)

    const recovered = await client
      .post('/auth/reauthenticate')
      .header('cookie', owner.elsewhere)
      .json({ recoveryCode: owner.recoveryCodes[0] })
    recovered.assertStatus(204)
    const [mail] = await mailsTo(owner.user.email, 'A recovery code was used')
    assert.exists(mail)
    const spent = await client
      .post('/auth/reauthenticate')
      .header('cookie', owner.elsewhere)
      .json({ recoveryCode: owner.recoveryCodes[0] })
    spent.assertStatus(401)
    spent.assertBody(FAILED)
  })

  test('a wrong proof is a 401, throttled like logins', async ({ client }) => {
    const owner = await ownerWithTotp(client, time.clock)
    for (const body of [
      { password: 'not the password' },
      { code: '000000' === (await totpCode(owner.secret, time.clock)) ? '000001' : '000000' },
      { recoveryCode: 'aaaa-bbbb-cccc' },
      { password: 'still not it' },
      { password: 'nor this' },
    ]) {
      const wrong = await client
        .post('/auth/reauthenticate')
        .header('cookie', owner.cookie)
        .json(body)
      wrong.assertStatus(401)
      wrong.assertBody(FAILED)
    }
    const throttled = await client
      .post('/auth/reauthenticate')
      .header('cookie', owner.cookie)
      .json({ password: FACTORY_PASSWORD })
    throttled.assertStatus(429)
    throttled.assertBodyContains({ errors: [{ code: 'common.rate_limit.exceeded' }] })
  })

  test('a proof is required: 400 naming password', async ({ client }) => {
    const { cookie } = await ownerWithTotp(client, time.clock)
    const response = await client.post('/auth/reauthenticate').header('cookie', cookie).json({})
    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          message: 'The password field is required',
          code: 'input.password.required',
          field: 'password',
          rule: 'required',
        },
      ],
    })
  })

  test('ending the current session by its id is signing out: no re-authentication', async ({
    client,
  }) => {
    const owner = await ownerWithTotp(client, time.clock)
    time.clock.advance(3600)
    const sessions = await client.get('/auth/sessions').header('cookie', owner.cookie)
    const current = sessions.body().data.find((session: { current: boolean }) => session.current)

    const response = await client
      .delete(`/auth/sessions/${current.id}`)
      .header('cookie', owner.cookie)

    response.assertStatus(204)
    const me = await client.get('/auth/me').header('cookie', owner.cookie)
    me.assertStatus(401)
  })

  test('a new sign-in with both factors opens a new window', async ({ client }) => {
    const owner = await ownerWithTotp(client, time.clock)
    time.clock.advance(3600)
    const fresh = await signInWithTotp(client, owner.user, owner.secret, time.clock)
    const response = await client.post('/auth/two-factor/recovery-codes').header('cookie', fresh)
    response.assertStatus(200)
  })

  test('an account without a second factor: nothing changes, its current password is enough', async ({
    client,
  }) => {
    const { cookie } = await signedIn(client)
    time.clock.advance(3600)
    const sessions = await client.delete('/auth/sessions').header('cookie', cookie)
    sessions.assertStatus(204)
    const password = await client
      .put('/auth/password')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD, password: 'a brand new password' })
    password.assertStatus(204)
    const reauthenticate = await client
      .post('/auth/reauthenticate')
      .header('cookie', sessionCookieOf(password.headers()['set-cookie']))
      .json({ password: 'a brand new password' })
    reauthenticate.assertStatus(204)
  })

  test('in French', async ({ client }) => {
    const owner = await ownerWithTotp(client, time.clock)
    await db.from('users').where('id', owner.user.id).update({ locale: 'fr' })
    time.clock.advance(600)
    const refused = await client.delete('/auth/two-factor/totp').header('cookie', owner.cookie)
    refused.assertStatus(403)
    refused.assertHeader('content-language', 'fr')
    refused.assertBody({
      errors: [{ ...REQUIRED.errors[0], message: 'Confirmez votre identité avant cette action' }],
    })
    const failed = await client
      .post('/auth/reauthenticate')
      .header('cookie', owner.cookie)
      .json({ password: 'not the password' })
    failed.assertBody({
      errors: [
        {
          message: 'Votre identité n’a pas pu être confirmée',
          code: 'auth.reauthentication_failed',
        },
      ],
    })
  })
})

test.group('Auth re-authentication: REAUTH_MAX_AGE_SECONDS', (group) => {
  const time = withTestClock(group)
  let other: AppProcess
  group.setup(async () => {
    other = await AppProcess.production({
      APP_KEY: appKey.release(),
      NODE_ENV: 'test',
      REAUTH_MAX_AGE_SECONDS: '120',
    })
    await other.start()
    return () => other.kill()
  })
  group.each.setup(() => resetDatabase())

  test('sets the window: an instance with 120 s refuses a sign-in 5 minutes old', async ({
    client,
    assert,
  }) => {
    // Signed in about five minutes ago by the real clock: inside 600 s, outside 120 s.
    time.clock.advance(-300)
    const { user, secret } = await userWithTotp(client, time.clock)
    const cookie = await signInWithTotp(client, user, secret, time.clock)

    const here = await client.post('/auth/two-factor/recovery-codes').header('cookie', cookie)
    here.assertStatus(200)

    const there = await other.fetch('/auth/two-factor/recovery-codes', {
      method: 'POST',
      headers: { cookie },
    })
    assert.equal(there.status, 403)
    assert.deepEqual(await there.json(), {
      errors: [{ ...REQUIRED.errors[0], meta: { ...REQUIRED.errors[0].meta, maxAgeSeconds: 120 } }],
    })
    // The sign-in itself is unaffected.
    const me = await other.fetch('/auth/me', { headers: { cookie } })
    assert.equal(me.status, 200)
  }).timeout(60_000)
})
