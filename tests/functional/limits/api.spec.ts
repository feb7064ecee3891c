import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieFor } from '#tests/helpers/accounts'

const TOO_MANY = {
  errors: [{ message: 'Too many requests', code: 'common.rate_limit.exceeded' }],
}

test.group('API limits', (group) => {
  group.each.setup(() => resetDatabase())

  test('10 requests per IP per minute without a session, then 429', async ({ client, assert }) => {
    for (let request = 1; request <= 10; request++) {
      const response = await client.get('/auth/me')
      response.assertStatus(401)
      response.assertHeader('x-ratelimit-limit', '10')
    }

    const response = await client.get('/auth/me')

    response.assertStatus(429)
    response.assertBody(TOO_MANY)
    response.assertHeader('x-ratelimit-limit', '10')
    response.assertHeader('x-ratelimit-remaining', '0')
    assert.isAbove(Number(response.header('retry-after')), 0)
  })

  test('100 requests per user per minute, then 429, without touching other users', async ({
    client,
    assert,
  }) => {
    const ann = await sessionCookieFor(client, await UserFactory.create())
    const bob = await sessionCookieFor(client, await UserFactory.create())

    const responses = await Promise.all(
      Array.from({ length: 100 }, () => client.get('/organizations').header('cookie', ann))
    )
    assert.deepEqual([...new Set(responses.map((response) => response.status()))], [200])

    const limited = await client.get('/organizations').header('cookie', ann)
    limited.assertStatus(429)
    limited.assertBody(TOO_MANY)
    limited.assertHeader('x-ratelimit-limit', '100')

    const other = await client.get('/organizations').header('cookie', bob)
    other.assertStatus(200)
    other.assertHeader('x-ratelimit-remaining', '99')
  })

  test('X-Forwarded-For is not believed without TRUSTED_PROXIES', async ({ client }) => {
    for (let request = 1; request <= 10; request++) {
      await client.get('/auth/me').header('x-forwarded-for', `203.0.113.${request}`)
    }

    const response = await client.get('/auth/me').header('x-forwarded-for', '198.51.100.7')

    response.assertStatus(429)
    response.assertBody(TOO_MANY)
  })

  test('the counters live in PostgreSQL, shared by every instance', async ({ client, db }) => {
    await client.get('/auth/me')

    await db.assertHas('rate_limits', { key: 'rlflx:api_ip_127.0.0.1', points: 1 })
  })
})
