import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { clearLimits, sessionCookieOf } from '#tests/helpers/accounts'
import { loginBody } from '#tests/helpers/builders'
import { mailsTo, tokenLinkIn } from '#tests/helpers/mails'
import { smtpServer } from '#tests/helpers/smtp_server'
import {
  finishLogin,
  signInWithTotp,
  startLogin,
  totpCode,
  userWithTotp,
  withTestClock,
} from '#tests/helpers/two_factor'

/** Sessions that authenticate someone. */
async function signedInSessions(userId: string) {
  const rows = await db.from('sessions').where('user_id', userId)
  return rows.length
}

/** The answer sets no cookie that authenticates anyone. */
async function assertSignsNobodyIn(
  client: Parameters<typeof userWithTotp>[0],
  response: ApiResponse
) {
  const setCookie = response.headers()['set-cookie']
  if (!setCookie) return
  const me = await client.get('/auth/me').header('cookie', sessionCookieOf(setCookie))
  me.assertStatus(401)
}

/**
 * Every way a session is made (grep signIn app): signup, login, the
 * second step, and the password change, which keeps the signed-in user.
 * Password reset, email verification and email change sign nobody in; a
 * pending login is no session anywhere.
 */
test.group('Auth two factors: no way around the second factor', (group) => {
  const time = withTestClock(group)
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('a pending login is not a session: every signed-in route answers 401', async ({
    client,
  }) => {
    const { user } = await userWithTotp(client, time.clock)
    const pending = await startLogin(client, user)
    // Anonymous requests: the API's limit per IP is not what this test is about.
    await clearLimits()

    for (const response of [
      await client.get('/auth/me').header('cookie', pending),
      await client.get('/auth/sessions').header('cookie', pending),
      await client.get('/auth/two-factor').header('cookie', pending),
      await client.post('/auth/logout').header('cookie', pending),
      await client
        .put('/auth/password')
        .header('cookie', pending)
        .json({ currentPassword: FACTORY_PASSWORD, password: 'a brand new password' }),
      await client
        .post('/auth/reauthenticate')
        .header('cookie', pending)
        .json({ password: FACTORY_PASSWORD }),
      await client
        .post('/auth/two-factor/totp/confirm')
        .header('cookie', pending)
        .json({ code: '123456' }),
      await client.post('/invitations/accept').header('cookie', pending).json({ token: 'x' }),
      await client.get('/organizations').header('cookie', pending),
    ]) {
      response.assertStatus(401)
      response.assertBodyContains({ errors: [{ code: 'auth.unauthenticated' }] })
    }
  })

  test('password reset signs nobody in, ends every session, and the second factor stays', async ({
    client,
    assert,
  }) => {
    const { user } = await userWithTotp(client, time.clock)
    const forgot = await client.post('/auth/password/forgot').json({ email: user.email })
    forgot.assertStatus(202)
    const [mail] = await mailsTo(user.email, 'Reset your password')

    const reset = await client
      .post('/auth/password/reset')
      .json({ token: tokenLinkIn(mail).token, password: 'a brand new password' })

    reset.assertStatus(204)
    await assertSignsNobodyIn(client, reset)
    assert.equal(await signedInSessions(user.id), 0)
    const login = await client
      .post('/auth/login')
      .json({ email: user.email, password: 'a brand new password' })
    login.assertStatus(401)
    login.assertBodyContains({ errors: [{ code: 'auth.second_factor_required' }] })
  })

  test('email verification signs nobody in', async ({ client, assert }) => {
    const { user, cookie } = await userWithTotp(client, time.clock)
    const send = await client.post('/auth/email/verification').header('cookie', cookie)
    send.assertStatus(202)
    const [mail] = await mailsTo(user.email, 'Confirm your email address')

    const verify = await client.post('/auth/email/verify').json({ token: tokenLinkIn(mail).token })

    verify.assertStatus(200)
    await assertSignsNobodyIn(client, verify)
    assert.equal(await signedInSessions(user.id), 1)
  })

  test('an email change’s confirmation signs nobody in', async ({ client, assert }) => {
    const { user, cookie } = await userWithTotp(client, time.clock)
    const change = await client
      .post('/auth/email/change')
      .header('cookie', cookie)
      .json({ email: 'moved@example.com', currentPassword: FACTORY_PASSWORD })
    change.assertStatus(202)
    const [mail] = await mailsTo('moved@example.com', 'Confirm your new email address')

    const confirm = await client
      .post('/auth/email/confirm')
      .json({ token: tokenLinkIn(mail).token })

    confirm.assertStatus(200)
    await assertSignsNobodyIn(client, confirm)
    assert.equal(await signedInSessions(user.id), 0)
    const login = await client
      .post('/auth/login')
      .json({ email: 'moved@example.com', password: FACTORY_PASSWORD })
    login.assertStatus(401)
    login.assertBodyContains({ errors: [{ code: 'auth.second_factor_required' }] })
  })

  test('signing up with the address of an account with a second factor: 409, no session', async ({
    client,
  }) => {
    const { user } = await userWithTotp(client, time.clock)
    const response = await client
      .post('/auth/signup')
      .json({ email: user.email, password: 'another password' })
    response.assertStatus(409)
    await assertSignsNobodyIn(client, response)
  })

  test('the password change keeps the same signed-in user; the next login still needs the code', async ({
    client,
  }) => {
    const { user, secret } = await userWithTotp(client, time.clock)
    const cookie = await signInWithTotp(client, user, secret, time.clock)

    const change = await client
      .put('/auth/password')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD, password: 'a brand new password' })

    change.assertStatus(204)
    const renewed = sessionCookieOf(change.headers()['set-cookie'])
    const me = await client.get('/auth/me').header('cookie', renewed)
    me.assertStatus(200)
    me.assertBodyContains({ data: { id: user.id } })
    const login = await client
      .post('/auth/login')
      .json({ email: user.email, password: 'a brand new password' })
    login.assertStatus(401)
  })

  test('a sign-in to another account in the same session drops the pending login', async ({
    client,
  }) => {
    const { user, secret } = await userWithTotp(client, time.clock)
    const plain = await UserFactory.create()
    const pending = await startLogin(client, user)
    const other = await client.post('/auth/login').header('cookie', pending).json(loginBody(plain))
    other.assertStatus(200)
    const session = sessionCookieOf(other.headers()['set-cookie'])

    const response = await finishLogin(client, session, {
      code: await totpCode(secret, time.clock),
    })

    response.assertStatus(401)
    response.assertBodyContains({ errors: [{ code: 'auth.second_factor_expired' }] })
    const me = await client.get('/auth/me').header('cookie', session)
    me.assertBodyContains({ data: { id: plain.id } })
  })
})
