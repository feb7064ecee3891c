import { test } from '@japa/runner'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieOf } from '#tests/helpers/accounts'

const INVALID = {
  errors: [{ message: 'Invalid email or password', code: 'auth.invalid_credentials' }],
}

test.group('Auth login', (group) => {
  group.each.setup(() => resetDatabase())

  test('logs in with the email in any case', async ({ client }) => {
    const user = await UserFactory.merge({ email: 'ann@example.com', fullName: 'Ann' }).create()

    const response = await client
      .post('/auth/login')
      .json({ email: 'ANN@example.com', password: FACTORY_PASSWORD })

    response.assertStatus(200)
    response.assertBody({ data: { id: user.id, email: 'ann@example.com', fullName: 'Ann' } })
    const me = await client
      .get('/auth/me')
      .header('cookie', sessionCookieOf(response.headers()['set-cookie']))
    me.assertStatus(200)
  })

  test('keeps the session server-side, in PostgreSQL', async ({ client, db }) => {
    const user = await UserFactory.create()

    await client.post('/auth/login').json({ email: user.email, password: FACTORY_PASSWORD })

    await db.assertCount('sessions', 1)
  })

  test('answers one generic 400 for a wrong password and for an unknown email', async ({
    client,
  }) => {
    await UserFactory.merge({ email: 'ann@example.com' }).create()

    const wrongPassword = await client
      .post('/auth/login')
      .json({ email: 'ann@example.com', password: 'not the password' })
    wrongPassword.assertStatus(400)
    wrongPassword.assertBody(INVALID)

    const unknownEmail = await client
      .post('/auth/login')
      .json({ email: 'nobody@example.com', password: FACTORY_PASSWORD })
    unknownEmail.assertStatus(400)
    unknownEmail.assertBody(INVALID)
  })

  test('issues a new session id: the pre-login session never authenticates', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const anonymous = await client.get('/auth/me')
    anonymous.assertStatus(401)
    const before = sessionCookieOf(anonymous.headers()['set-cookie'])

    const login = await client
      .post('/auth/login')
      .header('cookie', before)
      .json({ email: user.email, password: FACTORY_PASSWORD })

    login.assertStatus(200)
    const after = sessionCookieOf(login.headers()['set-cookie'])
    assert.notEqual(after, before)
    const withOld = await client.get('/auth/me').header('cookie', before)
    withOld.assertStatus(401)
    const withNew = await client.get('/auth/me').header('cookie', after)
    withNew.assertStatus(200)
  })

  test('after 5 failures for one email, even the right password gets 429', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await client
        .post('/auth/login')
        .json({ email: user.email, password: 'wrong password' })
      response.assertStatus(400)
    }

    const response = await client
      .post('/auth/login')
      .json({ email: user.email, password: FACTORY_PASSWORD })

    response.assertStatus(429)
    response.assertBody({
      errors: [{ message: 'Too many requests', code: 'common.rate_limit.exceeded' }],
    })
    assert.isAbove(Number(response.header('retry-after')), 0)
  })

  test('answers 400 for a missing password', async ({ client }) => {
    const response = await client.post('/auth/login').json({ email: 'ann@example.com' })

    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          field: 'password',
          message: 'The password field is required',
          rule: 'required',
          code: 'input.password.required',
        },
      ],
    })
  })
})
