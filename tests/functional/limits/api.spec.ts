import { test } from '@japa/runner'
import database from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieFor } from '#tests/helpers/accounts'

const TOO_MANY = {
  errors: [{ message: 'Too many requests', code: 'common.rate_limit.exceeded' }],
}

const UNAUTHENTICATED = {
  errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
}

test.group('API limits', (group) => {
  group.each.setup(() => resetDatabase())

  test('the counters are unlogged: a request waits for no WAL flush to count itself', async ({
    assert,
  }) => {
    const { rows } = await database.rawQuery(
      `SELECT relname, relpersistence FROM pg_class
        WHERE relname IN ('rate_limits', 'user_request_quotas') AND relkind = 'r' ORDER BY relname`
    )
    assert.deepEqual(rows, [
      { relname: 'rate_limits', relpersistence: 'u' },
      { relname: 'user_request_quotas', relpersistence: 'u' },
    ])
  })

  test('10 requests per IP per minute without a session, then 429', async ({ client, assert }) => {
    for (let request = 1; request <= 10; request++) {
      const response = await client.get('/auth/me')
      response.assertStatus(401)
      response.assertBody(UNAUTHENTICATED)
      response.assertHeader('x-ratelimit-limit', '10')
      response.assertHeader('x-ratelimit-remaining', String(10 - request))
    }

    const response = await client.get('/auth/me')

    response.assertStatus(429)
    response.assertBody(TOO_MANY)
    response.assertHeader('x-ratelimit-limit', '10')
    response.assertHeader('x-ratelimit-remaining', '0')
    const retryAfter = Number(response.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, 60)
  })

  test('the IP budget is shared by every unauthenticated route, and a 429 does nothing', async ({
    client,
    db,
  }) => {
    for (let request = 1; request <= 5; request++) {
      const response = await client.get('/organizations')
      response.assertStatus(401)
    }
    for (let request = 1; request <= 5; request++) {
      const response = await client.post('/auth/login').json({
        email: `nobody${request}@example.com`,
        password: 'not the password',
      })
      response.assertStatus(400)
    }

    const response = await client
      .post('/auth/signup')
      .json({ email: 'ann@example.com', password: 'correct horse' })

    response.assertStatus(429)
    response.assertBody(TOO_MANY)
    response.assertHeader('x-ratelimit-limit', '10')
    response.assertHeader('x-ratelimit-remaining', '0')
    await db.assertCount('users', 0)
  })

  test('100 requests per user per minute, then 429', async ({ client, assert }) => {
    const cookie = await sessionCookieFor(client, await UserFactory.create())

    const responses = await Promise.all(
      Array.from({ length: 100 }, () => client.get('/organizations').header('cookie', cookie))
    )
    assert.deepEqual([...new Set(responses.map((response) => response.status()))], [200])
    for (const response of responses) response.assertBody({ data: [] })
    assert.sameMembers(
      responses.map((response) => Number(response.header('x-ratelimit-remaining'))),
      Array.from({ length: 100 }, (_, index) => index)
    )

    const limited = await client.get('/organizations').header('cookie', cookie)

    limited.assertStatus(429)
    limited.assertBody(TOO_MANY)
    limited.assertHeader('x-ratelimit-limit', '100')
    limited.assertHeader('x-ratelimit-remaining', '0')
    const retryAfter = Number(limited.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, 60)
  })

  test("one user's exhausted budget touches neither another user nor the IP's", async ({
    client,
  }) => {
    const ann = await sessionCookieFor(client, await UserFactory.create())
    const bob = await sessionCookieFor(client, await UserFactory.create())
    await Promise.all(
      Array.from({ length: 100 }, () => client.get('/organizations').header('cookie', ann))
    )
    const limited = await client.get('/organizations').header('cookie', ann)
    limited.assertStatus(429)
    limited.assertBody(TOO_MANY)

    const other = await client.get('/organizations').header('cookie', bob)
    other.assertStatus(200)
    other.assertBody({ data: [] })
    other.assertHeader('x-ratelimit-limit', '100')
    other.assertHeader('x-ratelimit-remaining', '99')

    // The two logins and this request are the IP's only three.
    const anonymous = await client.get('/auth/me')
    anonymous.assertStatus(401)
    anonymous.assertBody(UNAUTHENTICATED)
    anonymous.assertHeader('x-ratelimit-limit', '10')
    anonymous.assertHeader('x-ratelimit-remaining', '7')
  })

  test('X-Forwarded-For is not believed without TRUSTED_PROXIES', async ({ client }) => {
    for (let request = 1; request <= 10; request++) {
      const response = await client
        .get('/auth/me')
        .header('x-forwarded-for', `203.0.113.${request}`)
      response.assertStatus(401)
    }

    const response = await client.get('/auth/me').header('x-forwarded-for', '198.51.100.7')

    response.assertStatus(429)
    response.assertBody(TOO_MANY)
  })

  test('the counters live in PostgreSQL, shared by every instance', async ({ client, db }) => {
    const response = await client.get('/auth/me')
    response.assertStatus(401)

    await db.assertHas('rate_limits', { key: 'rlflx:api_ip_127.0.0.1', points: 1 })
  })

  test("a user's counter, consumed with the session read, is a row of user_request_quotas", async ({
    client,
    db,
  }) => {
    const user = await UserFactory.create()
    const cookie = await sessionCookieFor(client, user)
    const row = { user_id: user.id }

    const first = await client.get('/auth/me').header('cookie', cookie)
    first.assertStatus(200)
    first.assertHeader('x-ratelimit-remaining', '99')
    await db.assertHas('user_request_quotas', { ...row, spent: 1 })

    // Another instance took the rest of this minute's budget.
    await database.from('user_request_quotas').where(row).update({ spent: 100 })
    const limited = await client.get('/auth/me').header('cookie', cookie)
    limited.assertStatus(429)
    limited.assertBody(TOO_MANY)
    limited.assertHeader('x-ratelimit-limit', '100')
    limited.assertHeader('x-ratelimit-remaining', '0')

    // A window that has passed starts again at 1, as the limiter's own upsert does.
    await database
      .from('user_request_quotas')
      .where(row)
      .update({ window_ends_at_ms: Date.now() - 1 })
    const again = await client.get('/auth/me').header('cookie', cookie)
    again.assertStatus(200)
    again.assertHeader('x-ratelimit-remaining', '99')
  })

  test("a revoked session consumes nothing of its user's budget", async ({ client, db }) => {
    const user = await UserFactory.create()
    const cookie = await sessionCookieFor(client, user)
    await database.from('sessions').where('user_id', user.id).delete()

    const response = await client.get('/auth/me').header('cookie', cookie)

    response.assertStatus(401)
    response.assertBody(UNAUTHENTICATED)
    await db.assertMissing('user_request_quotas', { user_id: user.id })
  })
})
