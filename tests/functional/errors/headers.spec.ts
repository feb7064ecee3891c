import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { rawRequest } from '#tests/helpers/raw_request'
import { memberWithOrganization } from '#tests/helpers/accounts'
import { eventsPath } from '#tests/helpers/events'
import { signupBody } from '#tests/helpers/builders'

const JSON_TYPE = { 'content-type': 'application/json' }

/** The headers of every response (contract, "Headers on every response"), outside production. */
const EVERY_RESPONSE = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

type Answer = Awaited<ReturnType<typeof rawRequest>>

test.group('Headers on every response', (group) => {
  group.each.setup(() => resetDatabase())

  test('{case} carries every header of the contract')
    .with<{ case: string; status: number; send: () => Promise<Answer> }[]>([
      { case: 'a 200', status: 200, send: () => rawRequest('GET', '/health', undefined, {}) },
      {
        case: 'a 404 for an unknown route',
        status: 404,
        send: () => rawRequest('GET', '/no/such/route', undefined, {}),
      },
      {
        case: 'a 405',
        status: 405,
        send: () => rawRequest('DELETE', '/newsletter/subscribe', undefined, {}),
      },
      {
        case: 'a 400 for a body that is not JSON',
        status: 400,
        send: () => rawRequest('POST', '/auth/signup', '{"email":'),
      },
      {
        case: 'a 400 for a URL that is not valid percent-encoding',
        status: 400,
        send: () => rawRequest('GET', '/organizations/%E0%A4%A', undefined, {}),
      },
      {
        case: 'a 401',
        status: 401,
        send: () => rawRequest('GET', '/auth/me', undefined, {}),
      },
      {
        case: 'a 413',
        status: 413,
        send: () =>
          rawRequest('POST', '/auth/signup', JSON.stringify({ email: 'x'.repeat(1024 * 1024) })),
      },
      {
        case: 'a 415',
        status: 415,
        send: () => rawRequest('POST', '/auth/signup', 'email=a', { 'content-type': 'text/plain' }),
      },
      {
        case: 'a 429',
        status: 429,
        send: async () => {
          for (let request = 0; request < 10; request++) {
            await rawRequest('GET', '/auth/me', undefined, {})
          }
          return rawRequest('GET', '/auth/me', undefined, {})
        },
      },
      {
        case: 'a 500',
        status: 500,
        send: async () => {
          await db.rawQuery(
            `ALTER TABLE users ADD CONSTRAINT test_reject CHECK (email <> 'explode@example.com')`
          )
          try {
            return await rawRequest(
              'POST',
              '/auth/signup',
              JSON.stringify(signupBody({ email: 'explode@example.com' }))
            )
          } finally {
            await db.rawQuery('ALTER TABLE users DROP CONSTRAINT test_reject')
          }
        },
      },
    ])
    .run(async ({ assert }, { status, send }) => {
      const response = await send()

      assert.equal(response.status, status)
      if (status >= 400) assert.isArray(response.body.errors)
      for (const [name, value] of Object.entries(EVERY_RESPONSE)) {
        assert.equal(response.headers.get(name), value, name)
      }
      assert.match(response.headers.get('x-request-id') ?? '', UUID)
      assert.isNull(response.headers.get('strict-transport-security'))
      assert.isNull(response.headers.get('set-cookie'))
    })

  test('a URL that is not valid percent-encoding is a 400 in the envelope', async ({ assert }) => {
    const response = await rawRequest('GET', '/organizations/%E0%A4%A', undefined, {
      'x-request-id': 'abc-123',
    })

    assert.equal(response.status, 400)
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8')
    assert.equal(response.headers.get('x-request-id'), 'abc-123')
    assert.deepEqual(response.body, {
      errors: [{ message: 'The URL is not valid percent-encoding', code: 'input.url.invalid' }],
    })
  })

  test('a sane x-request-id of the caller comes back as sent', async ({ client }) => {
    const response = await client.get('/health').header('x-request-id', 'trace-42.a:b/c+d=')

    response.assertStatus(200)
    response.assertHeader('x-request-id', 'trace-42.a:b/c+d=')
  })

  test('an insane x-request-id ({case}) is replaced by a new one')
    .with([
      { case: 'spaces and quotes', value: 'a "quoted" id' },
      { case: 'too long', value: 'a'.repeat(129) },
      { case: 'characters outside the safe set', value: 'id;<script>' },
    ])
    .run(async ({ client, assert }, { value }) => {
      const response = await client.get('/health').header('x-request-id', value)

      response.assertStatus(200)
      assert.match(response.header('x-request-id') ?? '', UUID)
    })

  test('the signed-in answers carry Cache-Control: no-store', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .post(eventsPath(organization.id))
      .header('cookie', cookie)
      .json({ name: 'Wedding' })

    response.assertStatus(201)
    response.assertHeader('cache-control', 'no-store')
  })

  test('CORS exposes the request id, the rate limit headers and the ETag', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/auth/me').header('origin', 'http://localhost:5173')

    response.assertStatus(401)
    response.assertHeader('access-control-allow-origin', 'http://localhost:5173')
    assert.sameMembers(
      response
        .header('access-control-expose-headers')!
        .split(',')
        .map((name: string) => name.trim().toLowerCase()),
      [
        'x-request-id',
        'retry-after',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'etag',
      ]
    )
  })

  test('a preflight carries the headers of every response too', async ({ client }) => {
    const response = await client
      .options('/organizations')
      .header('origin', 'http://localhost:5173')
      .header('access-control-request-method', 'POST')

    response.assertStatus(204)
    for (const [name, value] of Object.entries(EVERY_RESPONSE)) response.assertHeader(name, value)
  })

  test('no Set-Cookie for an anonymous request to {path}')
    .with([
      { path: '/auth/me', method: 'GET', body: undefined, status: 401 },
      { path: '/auth/logout', method: 'POST', body: undefined, status: 401 },
      { path: '/auth/signup', method: 'POST', body: '{"email":"nope"}', status: 400 },
      {
        path: '/auth/login',
        method: 'POST',
        body: '{"email":"ann@example.com","password":"wrong password"}',
        status: 400,
      },
      { path: '/organizations', method: 'GET', body: undefined, status: 401 },
    ])
    .run(async ({ assert, db: database }, { path, method, body, status }) => {
      const response = await rawRequest(method, path, body, body ? JSON_TYPE : {})

      assert.equal(response.status, status)
      assert.isNull(response.headers.get('set-cookie'))
      await database.assertCount('sessions', 0)
    })
})
