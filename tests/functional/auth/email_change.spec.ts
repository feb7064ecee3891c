import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import {
  authenticatesOn,
  secondInstance,
  sessionCookieFor,
  signedIn,
} from '#tests/helpers/accounts'
import { mailsTo, tokenLinkIn, decoded } from '#tests/helpers/mails'
import { smtpServer } from '#tests/helpers/smtp_server'
import { frontendUrl } from '#config/accounts'
import { loginBody } from '#tests/helpers/builders'

const LINK_SUBJECT = 'Confirm your new email address'
const REQUESTED_SUBJECT = 'A change of your email address was requested'
const EXISTS_SUBJECT = 'An account already exists for this address'
const CHANGED_SUBJECT = 'Your email address was changed'
const ACCEPTED = {
  messages: [
    { title: 'If the new address can be used, we have sent it a link to confirm the change.' },
  ],
}
const INVALID_TOKEN = {
  errors: [
    { message: 'The token is invalid or has expired', code: 'input.token.invalid', field: 'token' },
  ],
}

/** Asks to move `user` (signed in with `cookie`) to `email`; answers the new link's token. */
async function changeTokenFor(client: ApiClient, cookie: string, email: string) {
  const earlier = await mailsTo(email, LINK_SUBJECT)
  const before = earlier.length
  const response = await client
    .post('/auth/email/change')
    .header('cookie', cookie)
    .json({ email, currentPassword: FACTORY_PASSWORD })
  response.assertStatus(202)
  const mails = await mailsTo(email, LINK_SUBJECT)
  if (mails.length !== before + 1) throw new Error('no new confirmation email')
  return tokenLinkIn(mails.at(-1)!).token
}

async function emailOf(user: User) {
  const row = await db.from('users').where('id', user.id).firstOrFail()
  return row.email as string
}

test.group('Auth email change', (group) => {
  let other: Awaited<ReturnType<typeof secondInstance>>
  group.setup(async () => {
    other = await secondInstance()
    return () => other.kill()
  })
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('sends a link to the new address and a notice to the current one; nothing changes yet', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client, { email: 'ann@example.com' })

    const response = await client
      .post('/auth/email/change')
      .header('cookie', cookie)
      .json({ email: '  Ann.New@Example.com ', currentPassword: FACTORY_PASSWORD })

    response.assertStatus(202)
    response.assertBody(ACCEPTED)
    const [link] = await mailsTo('ann.new@example.com', LINK_SUBJECT)
    const { url, token } = tokenLinkIn(link)
    assert.equal(`${url.origin}${url.pathname}`, `${frontendUrl}/confirm-email`)
    const [notice] = await mailsTo('ann@example.com', REQUESTED_SUBJECT)
    assert.include(decoded(notice), 'ann.new@example.com')
    assert.lengthOf(await mailsTo('ann@example.com', LINK_SUBJECT), 0)

    assert.equal(await emailOf(user), 'ann@example.com')
    const [row] = await db.from('account_tokens').where('purpose', 'email_change')
    assert.equal(row.email, 'ann.new@example.com')
    assert.notInclude(JSON.stringify(row), token.split('.')[1])
    assert.closeTo((new Date(row.expires_at).getTime() - Date.now()) / 3_600_000, 24, 0.1)
    const me = await client.get('/auth/me').header('cookie', cookie)
    me.assertBodyContains({ data: { email: 'ann@example.com' } })
  })

  test('the link moves the account to the verified new address; every other session ends everywhere', async ({
    client,
    assert,
  }) => {
    const { user, cookie: current } = await signedIn(client, { email: 'ann@example.com' })
    const elsewhere = await sessionCookieFor(client, user)
    const token = await changeTokenFor(client, current, 'ann@new.example.com')

    const response = await client
      .post('/auth/email/confirm')
      .header('cookie', current)
      .json({ token })

    response.assertStatus(200)
    const { data } = response.body()
    assert.deepEqual(
      { ...data, emailVerifiedAt: typeof data.emailVerifiedAt },
      {
        id: user.id,
        email: 'ann@new.example.com',
        fullName: user.fullName,
        emailVerifiedAt: 'string',
        locale: null,
      }
    )
    assert.equal(await emailOf(user), 'ann@new.example.com')
    assert.isTrue(await authenticatesOn(other, current))
    assert.isFalse(await authenticatesOn(other, elsewhere))
    const [notice] = await mailsTo('ann@example.com', CHANGED_SUBJECT)
    assert.include(decoded(notice), 'ann@new.example.com')

    const oldLogin = await client
      .post('/auth/login')
      .json({ email: 'ann@example.com', password: FACTORY_PASSWORD })
    oldLogin.assertStatus(400)
    const newLogin = await client
      .post('/auth/login')
      .json({ email: 'ann@new.example.com', password: FACTORY_PASSWORD })
    newLogin.assertStatus(200)
  }).timeout(60_000)

  test('confirming without a session ends every session of the account', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client)
    const token = await changeTokenFor(client, cookie, 'moved@example.com')

    const response = await client.post('/auth/email/confirm').json({ token })

    response.assertStatus(200)
    response.assertBodyContains({ data: { email: 'moved@example.com' } })
    assert.isFalse(await authenticatesOn(other, cookie))
    assert.lengthOf(await db.from('sessions').where('user_id', user.id), 0)
  }).timeout(60_000)

  test('a link works once', async ({ client }) => {
    const { cookie } = await signedIn(client)
    const token = await changeTokenFor(client, cookie, 'once@example.com')

    const first = await client.post('/auth/email/confirm').json({ token })
    first.assertStatus(200)
    const again = await client.post('/auth/email/confirm').json({ token })
    again.assertStatus(400)
    again.assertBody(INVALID_TOKEN)
  })

  test('a newer request voids the older links', async ({ client, assert }) => {
    const { user, cookie } = await signedIn(client)
    const first = await changeTokenFor(client, cookie, 'first@example.com')
    const second = await changeTokenFor(client, cookie, 'second@example.com')

    const old = await client.post('/auth/email/confirm').json({ token: first })
    old.assertStatus(400)
    old.assertBody(INVALID_TOKEN)
    const latest = await client.post('/auth/email/confirm').json({ token: second })
    latest.assertStatus(200)
    assert.equal(await emailOf(user), 'second@example.com')
  })

  test('an expired link is refused and changes nothing', async ({ client, assert }) => {
    const { user, cookie } = await signedIn(client)
    const token = await changeTokenFor(client, cookie, 'late@example.com')
    await db.from('account_tokens').update({ expires_at: new Date(Date.now() - 1000) })

    const response = await client.post('/auth/email/confirm').json({ token })

    response.assertStatus(400)
    response.assertBody(INVALID_TOKEN)
    assert.equal(await emailOf(user), user.email)
  })

  test('tokens of another purpose and malformed ones are refused', async ({ client }) => {
    const user = await UserFactory.merge({ email: 'ann@example.com' }).create()
    await client.post('/auth/password/forgot').json({ email: 'ann@example.com' })
    const [reset] = await mailsTo('ann@example.com', 'Reset your password')
    const { token } = tokenLinkIn(reset)

    for (const bad of [token, 'not-a-token', '']) {
      const response = await client.post('/auth/email/confirm').json({ token: bad })
      response.assertStatus(400)
      response.assertBodyContains({ errors: [{ field: 'token' }] })
    }
    const me = await client.post('/auth/login').json(loginBody(user))
    me.assertStatus(200)
  })

  test('an address taken by another account: the same answer, a notice instead of a link', async ({
    client,
    assert,
  }) => {
    await UserFactory.merge({ email: 'taken@example.com' }).create()
    const { cookie } = await signedIn(client, { email: 'ann@example.com' })

    const response = await client
      .post('/auth/email/change')
      .header('cookie', cookie)
      .json({ email: 'Taken@example.com', currentPassword: FACTORY_PASSWORD })

    response.assertStatus(202)
    response.assertBody(ACCEPTED)
    const [notice] = await mailsTo('taken@example.com', EXISTS_SUBJECT)
    assert.notMatch(decoded(notice), /token=/)
    assert.lengthOf(await mailsTo('taken@example.com', LINK_SUBJECT), 0)
    assert.lengthOf(await mailsTo('ann@example.com', REQUESTED_SUBJECT), 1)
    assert.lengthOf(await db.from('account_tokens').where('purpose', 'email_change'), 0)
  })

  test('an address taken meanwhile is a 409 decided by the database, and changes nothing', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client, { email: 'ann@example.com' })
    const token = await changeTokenFor(client, cookie, 'wanted@example.com')
    await UserFactory.merge({ email: 'wanted@example.com' }).create()

    const response = await client.post('/auth/email/confirm').json({ token })

    response.assertStatus(409)
    response.assertBody({
      errors: [
        { message: 'An account with this email already exists', code: 'common.resource.conflict' },
      ],
    })
    assert.equal(await emailOf(user), 'ann@example.com')
    assert.isTrue(await authenticatesOn(other, cookie))
    assert.lengthOf(await mailsTo('ann@example.com', CHANGED_SUBJECT), 0)
  }).timeout(60_000)

  test('two accounts confirming a move to one address at once: one wins, the other gets 409', async ({
    client,
    assert,
  }) => {
    const ann = await UserFactory.create()
    const bob = await UserFactory.create()
    const annToken = await changeTokenFor(
      client,
      await sessionCookieFor(client, ann),
      'x@example.com'
    )
    const bobToken = await changeTokenFor(
      client,
      await sessionCookieFor(client, bob),
      'x@example.com'
    )

    const answers = await Promise.all(
      [annToken, bobToken, annToken, bobToken].map((token) =>
        client.post('/auth/email/confirm').json({ token })
      )
    )

    const statuses = answers.map((answer) => answer.status()).sort()
    assert.deepEqual(statuses.filter((status) => status === 200).length, 1)
    assert.isTrue(statuses.every((status) => [200, 400, 409].includes(status)))
    assert.include(statuses, 409)
    const owners = await db.from('users').where('email', 'x@example.com')
    assert.lengthOf(owners, 1)
  })

  test('links sent to the former address die with the change', async ({ client }) => {
    const { cookie } = await signedIn(client, { email: 'ann@example.com' })
    await client.post('/auth/password/forgot').json({ email: 'ann@example.com' })
    const [reset] = await mailsTo('ann@example.com', 'Reset your password')
    const token = await changeTokenFor(client, cookie, 'moved@example.com')

    const confirm = await client.post('/auth/email/confirm').json({ token })
    confirm.assertStatus(200)

    const response = await client
      .post('/auth/password/reset')
      .json({ token: tokenLinkIn(reset).token, password: 'a brand new password' })
    response.assertStatus(400)
    response.assertBody(INVALID_TOKEN)
  })

  test('a wrong current password is a 400, sends nothing and issues no link', async ({
    client,
    assert,
  }) => {
    const { cookie } = await signedIn(client)

    const response = await client
      .post('/auth/email/change')
      .header('cookie', cookie)
      .json({ email: 'new@example.com', currentPassword: 'not the password' })

    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          message: 'The current password is not correct',
          code: 'input.currentPassword.invalid',
          field: 'currentPassword',
        },
      ],
    })
    assert.lengthOf(await mailsTo('new@example.com', LINK_SUBJECT), 0)
    assert.lengthOf(await db.from('account_tokens'), 0)
  })

  test('wrong current passwords are throttled like logins', async ({ client }) => {
    const { cookie } = await signedIn(client)
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await client
        .post('/auth/email/change')
        .header('cookie', cookie)
        .json({ email: 'new@example.com', currentPassword: `wrong ${attempt}` })
      response.assertStatus(400)
    }
    const refused = await client
      .post('/auth/email/change')
      .header('cookie', cookie)
      .json({ email: 'new@example.com', currentPassword: FACTORY_PASSWORD })
    refused.assertStatus(429)
    refused.assertBodyContains({ errors: [{ code: 'common.rate_limit.exceeded' }] })
  })

  test('at most 6 requests per account per hour', async ({ client }) => {
    const { cookie } = await signedIn(client)
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await client
        .post('/auth/email/change')
        .header('cookie', cookie)
        .json({ email: `new${attempt}@example.com`, currentPassword: FACTORY_PASSWORD })
      response.assertStatus(202)
    }
    const refused = await client
      .post('/auth/email/change')
      .header('cookie', cookie)
      .json({ email: 'new9@example.com', currentPassword: FACTORY_PASSWORD })
    refused.assertStatus(429)
    refused.assertBodyContains({ errors: [{ code: 'common.rate_limit.exceeded' }] })
  })

  test('the current address, a bad address, no session', async ({ client }) => {
    const { cookie } = await signedIn(client, { email: 'ann@example.com' })

    const same = await client
      .post('/auth/email/change')
      .header('cookie', cookie)
      .json({ email: 'ANN@example.com', currentPassword: FACTORY_PASSWORD })
    same.assertStatus(400)
    same.assertBody({
      errors: [
        {
          message: 'The email field must differ from the current address',
          code: 'input.email.unchanged',
          field: 'email',
        },
      ],
    })

    const bad = await client
      .post('/auth/email/change')
      .header('cookie', cookie)
      .json({ email: 'not an address', currentPassword: FACTORY_PASSWORD })
    bad.assertStatus(400)
    bad.assertBodyContains({ errors: [{ field: 'email', code: 'input.email.email' }] })

    const anonymous = await client
      .post('/auth/email/change')
      .json({ email: 'new@example.com', currentPassword: FACTORY_PASSWORD })
    anonymous.assertStatus(401)
  })
})
