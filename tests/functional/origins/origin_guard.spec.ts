import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { publicUrl } from '#config/app'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { memberWithOrganization, signedIn } from '#tests/helpers/accounts'
import { mailsTo } from '#tests/helpers/mails'
import { rawRequest } from '#tests/helpers/raw_request'
import { loginBody } from '#tests/helpers/builders'

/** The frontend's origin, listed in CORS_ORIGINS (.env.test). */
const FRONTEND = 'https://app.events.test'
/** The marketing site: same site as the API and the frontend, not listed. */
const SIBLING = 'https://www.events.test'
const ATTACKER = 'https://attacker.example'

const REFUSED = {
  errors: [
    {
      message: 'This request comes from a page whose origin is not trusted',
      code: 'auth.cross_origin_request',
    },
  ],
}

/** What a browser sends from a page of `origin`, `site` relative to the API. */
function fromPage(origin: string, site: 'same-site' | 'cross-site' | 'same-origin' | 'none') {
  return { 'origin': origin, 'sec-fetch-site': site }
}

function assertRefused(response: ApiResponse) {
  response.assertStatus(403)
  response.assertBody(REFUSED)
  response.assertHeaderMissing('set-cookie')
  response.assertHeaderMissing('location')
}

test.group('Origin guard', (group) => {
  group.each.setup(() => resetDatabase())

  test('a same-site sibling page cannot sign the user out (body-less POST)', async ({ client }) => {
    const { cookie } = await signedIn(client)

    const logout = await client
      .post('/auth/logout')
      .header('cookie', cookie)
      .headers(fromPage(SIBLING, 'same-site'))
    assertRefused(logout)

    const me = await client.get('/auth/me').header('cookie', cookie)
    me.assertStatus(200)
  })

  test('a same-site sibling page cannot resend the verification email', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client)

    const resend = await client
      .post('/auth/email/verification')
      .header('cookie', cookie)
      .headers(fromPage(SIBLING, 'same-site'))
    assertRefused(resend)
    assert.lengthOf(await mailsTo(user.email, 'Verify your email address'), 0)
  })

  test('same-origin and user-initiated (none) requests are allowed', async ({ client }) => {
    const { cookie } = await memberWithOrganization(client)
    for (const site of ['same-origin', 'none'] as const) {
      const response = await client
        .post('/organizations')
        .header('cookie', cookie)
        .header('sec-fetch-site', site)
        .json({ name: `From ${site}` })
      response.assertStatus(201)
    }
  })

  test('a listed origin is allowed, same-site or cross-site', async ({ client }) => {
    const { cookie } = await memberWithOrganization(client)
    for (const site of ['same-site', 'cross-site'] as const) {
      const response = await client
        .post('/organizations')
        .header('cookie', cookie)
        .headers(fromPage(FRONTEND, site))
        .json({ name: `From the frontend, ${site}` })
      response.assertStatus(201)
    }
  })

  test('an unlisted origin is refused, same-site or cross-site, and nothing changes', async ({
    client,
    assert,
  }) => {
    const { cookie } = await memberWithOrganization(client)
    for (const [origin, site] of [
      [SIBLING, 'same-site'],
      [ATTACKER, 'cross-site'],
      // The frontend's host on another port or scheme is another origin.
      ['https://app.events.test:8443', 'same-site'],
      ['http://app.events.test', 'cross-site'],
    ] as const) {
      const response = await client
        .post('/organizations')
        .header('cookie', cookie)
        .headers(fromPage(origin, site))
        .json({ name: 'Planted' })
      assertRefused(response)
    }
    const planted = await db.from('organizations').where('name', 'Planted').count('* as total')
    assert.equal(Number(planted[0].total), 0)
  })

  test('a cross-site login form does not sign in, and sets no cookie', async ({
    client,
    db: database,
  }) => {
    const user = await UserFactory.create()
    const login = await client
      .post('/auth/login')
      .headers(fromPage(ATTACKER, 'cross-site'))
      .json(loginBody(user))
    assertRefused(login)

    const signup = await client
      .post('/auth/signup')
      .headers(fromPage(SIBLING, 'same-site'))
      .json({ email: 'planted@example.com', password: 'a-long-password-1' })
    assertRefused(signup)
    await database.assertCount('sessions', 0)
    await database.assertMissing('users', { email: 'planted@example.com' })
  })

  test('without Sec-Fetch-Site: Origin decides; no header at all is a non-browser caller', async ({
    client,
  }) => {
    const { cookie } = await memberWithOrganization(client)
    const create = (headers: Record<string, string>) =>
      client.post('/organizations').header('cookie', cookie).headers(headers).json({ name: 'X' })

    const allowed: Record<string, string>[] = [
      { origin: FRONTEND },
      // The API's own origin (PUBLIC_URL).
      { origin: new URL(publicUrl).origin },
      {},
      // Sec-Fetch-Site says same-origin: the browser's word wins over Origin.
      { 'origin': ATTACKER, 'sec-fetch-site': 'same-origin' },
    ]
    for (const headers of allowed) {
      const response = await create(headers)
      response.assertStatus(201)
    }
    const refused: Record<string, string>[] = [
      { origin: SIBLING },
      { origin: ATTACKER },
      // A sandboxed frame or an opaque redirect: no origin to trust.
      { origin: 'null' },
      { 'origin': 'null', 'sec-fetch-site': 'cross-site' },
    ]
    for (const headers of refused) {
      assertRefused(await create(headers))
    }
  })

  test('form-encoded and text/plain bodies from an untrusted page are refused before anything', async ({
    assert,
    client,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const bodies = [
      ['application/x-www-form-urlencoded', 'name=Planted'],
      ['text/plain', '{"name":"Planted"}'],
    ]
    for (const [type, body] of bodies) {
      for (const page of [fromPage(SIBLING, 'same-site'), { origin: ATTACKER }]) {
        const response = await rawRequest('POST', '/organizations', body, {
          'content-type': type,
          cookie,
          ...page,
        })
        assert.equal(response.status, 403)
        assert.deepEqual(response.body, REFUSED)
        assert.isNull(response.headers.get('set-cookie'))
      }
      // From a trusted caller, the same body is still not JSON: 415.
      const trusted = await rawRequest('POST', '/organizations', body, {
        'content-type': type,
        cookie,
        ...fromPage(FRONTEND, 'same-site'),
      })
      assert.equal(trusted.status, 415)
      assert.equal(trusted.body.errors[0].code, 'input.body.unsupported_media_type')
    }
    const events = await rawRequest(
      'POST',
      `/organizations/${organization.id}/events`,
      'name=Planted',
      {
        'content-type': 'application/x-www-form-urlencoded',
        cookie,
        ...fromPage(SIBLING, 'same-site'),
      }
    )
    assert.equal(events.status, 403)
    const planted = await db.from('organizations').where('name', 'Planted').count('* as total')
    assert.equal(Number(planted[0].total), 0)
    assert.lengthOf(await db.from('events'), 0)
  })

  test('session routes vary on Origin and Sec-Fetch-Site; safe methods are never refused', async ({
    client,
    assert,
  }) => {
    const { cookie } = await memberWithOrganization(client)
    const me = await client
      .get('/auth/me')
      .header('cookie', cookie)
      .headers(fromPage(ATTACKER, 'cross-site'))
    me.assertStatus(200)
    assert.include(String(me.header('vary')), 'Origin, Sec-Fetch-Site')

    const refused = await client
      .post('/auth/logout')
      .header('cookie', cookie)
      .headers(fromPage(ATTACKER, 'cross-site'))
    assert.include(String(refused.header('vary')), 'Origin, Sec-Fetch-Site')
  })

  test('the newsletter and operations routes are exempt', async ({ client }) => {
    const subscribe = await client
      .post('/newsletter/subscribe')
      .headers(fromPage(ATTACKER, 'cross-site'))
      .json({ email: 'reader@example.com' })
    subscribe.assertStatus(201)
    subscribe.assertHeaderMissing('set-cookie')

    const unsubscribe = await client
      .post('/newsletter/unsubscribe?token=not-a-token')
      .headers(fromPage(ATTACKER, 'cross-site'))
    unsubscribe.assertStatus(400)
    unsubscribe.assertHeaderMissing('set-cookie')

    const confirm = await client
      .post('/newsletter/confirm?token=not-a-token')
      .headers(fromPage(ATTACKER, 'cross-site'))
    confirm.assertStatus(400)
    confirm.assertHeaderMissing('set-cookie')

    const health = await client.get('/health/live').headers(fromPage(ATTACKER, 'cross-site'))
    health.assertStatus(200)
  })

  test('CORS lets the listed frontend read the ETag (and refuses other origins)', async ({
    client,
    assert,
  }) => {
    const listed = await client.get('/health/live').header('origin', FRONTEND)
    assert.equal(listed.header('access-control-allow-origin'), FRONTEND)
    assert.equal(listed.header('access-control-allow-credentials'), 'true')
    const exposed = String(listed.header('access-control-expose-headers')).toLowerCase().split(',')
    assert.includeMembers(exposed, [
      'etag',
      'x-request-id',
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ])
    const other = await client.get('/health/live').header('origin', ATTACKER)
    assert.isUndefined(other.header('access-control-allow-origin'))
  })
})
