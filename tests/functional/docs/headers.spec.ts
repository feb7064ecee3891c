import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import { apiDescription } from '#api_docs/document'
import { clearLimits, memberWithOrganization } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { eventsPath } from '#tests/helpers/events'
import { resolve } from '#tests/helpers/openapi'

/** The headers a client acts on: each one an answer carries must be documented on it. */
const WATCHED = [
  'x-request-id',
  'access-control-allow-origin',
  'vary',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'retry-after',
  'etag',
  'content-language',
  'content-disposition',
]

/** A page of the frontend's origin (CORS_ORIGINS in .env.test). */
const FRONTEND = 'https://app.events.test'

type Header = { required?: boolean }

/** The documented headers of the answer `status` of `METHOD path`, by lower-cased name. */
function documentedHeaders(method: string, url: string, status: number) {
  const { pathname } = new URL(url, 'http://api.test')
  const document = apiDescription()
  const paths = document.paths as Record<string, Record<string, any>>
  const template = Object.keys(paths)
    .filter((path) =>
      new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+').replace(/\./g, '\\.')}$`).test(pathname)
    )
    .sort((a, b) => b.replace(/\{\w+\}/g, '').length - a.replace(/\{\w+\}/g, '').length)[0]
  const response = paths[template]?.[method.toLowerCase()]?.responses[status]
  if (!response) throw new Error(`${method} ${pathname} → ${status} is not documented`)
  return Object.fromEntries(
    Object.entries<Header>(response.headers ?? {}).map(([name, header]) => [
      name.toLowerCase(),
      resolve(document, header) as Header,
    ])
  )
}

/**
 * What the answer carries against what the document says of it: every
 * watched header it carries is documented there, every header documented
 * as required is carried. Returns the watched headers carried.
 */
function compare(response: ApiResponse) {
  const { method, endpoint } = response.request.config
  const status = response.status()
  const documented = documentedHeaders(method, endpoint, status)
  const carried = WATCHED.filter((name) => response.headers()[name] !== undefined)
  const where = `${method} ${endpoint} → ${status}`
  const undocumented = carried.filter((name) => !documented[name])
  if (undocumented.length) throw new Error(`${where} carries undocumented ${undocumented}`)
  const missing = Object.entries(documented)
    .filter(([name, header]) => header.required && response.headers()[name] === undefined)
    .map(([name]) => name)
  if (missing.length) throw new Error(`${where} lacks the required ${missing}`)
  return carried
}

test.group('API description: the headers real answers carry', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    await clearLimits()
  })

  test('events: ETag, CORS, the rate limit, the request id, the language', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const created = await client
      .post(eventsPath(organization.id))
      .header('cookie', cookie)
      .header('origin', FRONTEND)
      .json({ name: 'Gala' })
    created.assertStatus(201)
    assert.includeMembers(compare(created), [
      'etag',
      'access-control-allow-origin',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-request-id',
    ])
    const path = eventsPath(organization.id, created.body().data.id)

    const shown = await client.get(path).header('cookie', cookie)
    shown.assertStatus(200)
    assert.include(compare(shown), 'etag')
    const unchanged = await client
      .get(path)
      .header('cookie', cookie)
      .header('if-none-match', String(shown.header('etag')))
    unchanged.assertStatus(304)
    assert.include(compare(unchanged), 'etag')
    const stale = await client
      .patch(path)
      .header('cookie', cookie)
      .header('if-match', '"stale"')
      .json({ name: 'Ball' })
    stale.assertStatus(412)
    assert.includeMembers(compare(stale), ['content-language', 'vary', 'x-ratelimit-limit'])

    const listed = await client
      .get(eventsPath(organization.id))
      .header('cookie', cookie)
      .header('origin', FRONTEND)
    listed.assertStatus(200)
    assert.include(compare(listed), 'access-control-allow-origin')
    const invalid = await client.get(eventsPath('not-a-uuid')).header('cookie', cookie)
    invalid.assertStatus(400)
    assert.includeMembers(compare(invalid), ['content-language', 'x-request-id'])

    const exported = await client.get('/auth/account/export').header('cookie', cookie)
    exported.assertStatus(200)
    assert.include(compare(exported), 'content-disposition')
  })

  test('a 429 says when to retry and which limit it met', async ({ client, assert }) => {
    const attempt = () =>
      client.post('/auth/login').json({ email: 'ann@example.com', password: 'wrong password' })
    for (let failure = 0; failure < 5; failure++) compare(await attempt())
    const refused = await attempt()
    refused.assertStatus(429)
    assert.includeMembers(compare(refused), [
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'content-language',
    ])
  })

  test('probes, the newsletter and the document: the request id and CORS', async ({
    client,
    assert,
  }) => {
    const live = await client.get('/health/live').header('origin', FRONTEND)
    live.assertStatus(200)
    assert.includeMembers(compare(live), ['x-request-id', 'access-control-allow-origin'])
    const document = await client.get('/openapi.json')
    document.assertStatus(200)
    compare(document)
    const refused = await client.post('/newsletter/subscribe').json({ email: 'nope' })
    refused.assertStatus(422)
    assert.includeMembers(compare(refused), ['content-language', 'vary'])
    const unsubscribe = await client.get('/newsletter/unsubscribe?token=forged')
    unsubscribe.assertStatus(400)
    assert.include(compare(unsubscribe), 'x-ratelimit-limit')
  })
})
