import { test } from '@japa/runner'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieOf } from '#tests/helpers/accounts'
import { loginBody } from '#tests/helpers/builders'

const INVALID = {
  errors: [{ message: 'Invalid email or password', code: 'auth.invalid_credentials' }],
}

const TOO_MANY = {
  errors: [{ message: 'Too many requests', code: 'common.rate_limit.exceeded' }],
}

/**
 * The server-side session id a `session=...` cookie carries: the cookie is
 * `s:<base64url JSON { message: id }>.<signature>`.
 */
function sessionIdOf(cookie: string) {
  const value = decodeURIComponent(cookie.slice('session='.length))
  const payload = value.slice('s:'.length, value.lastIndexOf('.'))
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).message as string
}

test.group('Auth login', (group) => {
  group.each.setup(() => resetDatabase())

  test('answers the account and sets the session cookie', async ({ client, assert }) => {
    const user = await UserFactory.merge({ email: 'ann@example.com', fullName: 'Ann' }).create()

    const response = await client
      .post('/auth/login')
      .json({ email: 'ann@example.com', password: FACTORY_PASSWORD })

    response.assertStatus(200)
    response.assertBody({
      data: {
        id: user.id,
        email: 'ann@example.com',
        fullName: 'Ann',
        emailVerifiedAt: null,
        locale: null,
      },
    })
    const setCookie = [response.headers()['set-cookie'] ?? []]
      .flat()
      .find((cookie: string) => cookie.startsWith('session='))
    const attributes = String(setCookie)
      .split(';')
      .map((part) => part.trim().toLowerCase())
    assert.includeMembers(attributes, ['httponly', 'samesite=lax', 'path=/'])

    const me = await client
      .get('/auth/me')
      .header('cookie', sessionCookieOf(response.headers()['set-cookie']))
    me.assertStatus(200)
    me.assertBody({
      data: {
        id: user.id,
        email: 'ann@example.com',
        fullName: 'Ann',
        emailVerifiedAt: null,
        locale: null,
      },
    })
  })

  test('logs in with the email in any case and around spaces', async ({ client }) => {
    const user = await UserFactory.merge({ email: 'ann@example.com', fullName: 'Ann' }).create()

    const response = await client
      .post('/auth/login')
      .json({ email: ' ANN@Example.com ', password: FACTORY_PASSWORD })

    response.assertStatus(200)
    response.assertBody({
      data: {
        id: user.id,
        email: 'ann@example.com',
        fullName: 'Ann',
        emailVerifiedAt: null,
        locale: null,
      },
    })
  })

  test('keeps the session server-side, in PostgreSQL', async ({ client, db }) => {
    const user = await UserFactory.create()

    const response = await client.post('/auth/login').json(loginBody(user))

    response.assertStatus(200)
    await db.assertCount('sessions', 1)
    await db.assertHas('sessions', {
      id: sessionIdOf(sessionCookieOf(response.headers()['set-cookie'])),
    })
  })

  test('answers the same 400 for a wrong password and for an unknown email', async ({
    client,
    assert,
    db,
  }) => {
    await UserFactory.merge({ email: 'ann@example.com' }).create()

    const wrongPassword = await client
      .post('/auth/login')
      .json({ email: 'ann@example.com', password: 'not the password' })
    const unknownEmail = await client
      .post('/auth/login')
      .json({ email: 'nobody@example.com', password: FACTORY_PASSWORD })

    wrongPassword.assertStatus(400)
    wrongPassword.assertBody(INVALID)
    unknownEmail.assertStatus(400)
    unknownEmail.assertBody(INVALID)
    assert.equal(wrongPassword.text(), unknownEmail.text())
    await db.assertCount('sessions', 0)
  })

  test('issues a new session id: a planted pre-login session never authenticates', async ({
    client,
    assert,
    db,
  }) => {
    const user = await UserFactory.create()
    // A failed attempt hands out no cookie (contract), so the fixation attempt
    // is a validly signed cookie carrying an id the attacker chose.
    const failed = await client
      .post('/auth/login')
      .json({ email: user.email, password: 'not the password' })
    failed.assertStatus(400)
    assert.isUndefined(failed.headers()['set-cookie'])
    const planted = 'attacker-chosen-session-id'

    const login = await client
      .post('/auth/login')
      .withCookie('session', planted)
      .json(loginBody(user))

    login.assertStatus(200)
    const after = sessionCookieOf(login.headers()['set-cookie'])
    assert.notEqual(sessionIdOf(after), planted)
    await db.assertMissing('sessions', { id: planted })
    await db.assertHas('sessions', { id: sessionIdOf(after) })

    const withPlanted = await client.get('/auth/me').withCookie('session', planted)
    withPlanted.assertStatus(401)
    withPlanted.assertBody({
      errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
    })
    const withNew = await client.get('/auth/me').header('cookie', after)
    withNew.assertStatus(200)
    withNew.assertBody({
      data: {
        id: user.id,
        email: user.email,
        fullName: user.fullName,
        emailVerifiedAt: null,
        locale: null,
      },
    })
  })

  test('logging in again from a signed-in session issues yet another id', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const first = await client.post('/auth/login').json(loginBody(user))
    const firstCookie = sessionCookieOf(first.headers()['set-cookie'])

    const second = await client
      .post('/auth/login')
      .header('cookie', firstCookie)
      .json(loginBody(user))

    second.assertStatus(200)
    const secondCookie = sessionCookieOf(second.headers()['set-cookie'])
    assert.notEqual(sessionIdOf(secondCookie), sessionIdOf(firstCookie))
    const withFirst = await client.get('/auth/me').header('cookie', firstCookie)
    withFirst.assertStatus(401)
    const withSecond = await client.get('/auth/me').header('cookie', secondCookie)
    withSecond.assertStatus(200)
  })

  test('after 5 failures for one email, even the right password gets 429', async ({
    client,
    assert,
    db,
  }) => {
    const user = await UserFactory.merge({ email: 'ann@example.com' }).create()
    // The email counts in any case: it is lower-cased before it is a key.
    for (const email of [
      'ann@example.com',
      'ANN@example.com',
      'Ann@Example.com',
      'ann@EXAMPLE.com',
    ]) {
      const response = await client.post('/auth/login').json({ email, password: 'wrong password' })
      response.assertStatus(400)
      response.assertBody(INVALID)
    }
    const fifth = await client
      .post('/auth/login')
      .json({ email: user.email, password: 'wrong password' })
    fifth.assertStatus(400)
    fifth.assertBody(INVALID)

    const response = await client.post('/auth/login').json(loginBody(user))

    response.assertStatus(429)
    response.assertBody(TOO_MANY)
    const retryAfter = Number(response.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, 15 * 60)
    // The headers describe the login limit that refused, not the global one.
    response.assertHeader('x-ratelimit-limit', '5')
    response.assertHeader('x-ratelimit-remaining', '0')
    await db.assertCount('sessions', 0)
  })

  test('the brute-force lock is per email: another account still logs in', async ({ client }) => {
    const ann = await UserFactory.create()
    const bob = await UserFactory.create()
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await client
        .post('/auth/login')
        .json({ email: ann.email, password: 'wrong password' })
      response.assertStatus(400)
    }

    const response = await client.post('/auth/login').json(loginBody(bob))

    response.assertStatus(200)
    response.assertBody({
      data: {
        id: bob.id,
        email: bob.email,
        fullName: bob.fullName,
        emailVerifiedAt: null,
        locale: null,
      },
    })
  })

  test('a successful login clears the failures counted so far', async ({ client }) => {
    const user = await UserFactory.create()
    const fail = async () => {
      const response = await client
        .post('/auth/login')
        .json({ email: user.email, password: 'wrong password' })
      response.assertStatus(400)
      response.assertBody(INVALID)
    }
    for (let attempt = 1; attempt <= 4; attempt++) await fail()

    const success = await client.post('/auth/login').json(loginBody(user))
    success.assertStatus(200)

    // Five more failures are allowed again (10 requests in all: the IP limit).
    for (let attempt = 1; attempt <= 5; attempt++) await fail()
  })

  test('answers 400 for {case}')
    .with([
      {
        case: 'a missing password',
        body: { email: 'ann@example.com' },
        error: {
          field: 'password',
          message: 'The password field is required',
          rule: 'required',
          code: 'input.password.required',
        },
      },
      {
        case: 'a missing email',
        body: { password: FACTORY_PASSWORD },
        error: {
          field: 'email',
          message: 'The email field is required',
          rule: 'required',
          code: 'input.email.required',
        },
      },
    ])
    .run(async ({ client, db }, { body, error }) => {
      const response = await client.post('/auth/login').json(body)

      response.assertStatus(400)
      response.assertBody({ errors: [error] })
      await db.assertCount('sessions', 0)
    })
})
