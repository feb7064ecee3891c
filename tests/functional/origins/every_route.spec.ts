import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { servedRoutes } from '#api_docs/document'
import { resetDatabase } from '#tests/helpers/database'
import { clearLimits, memberWithOrganization } from '#tests/helpers/accounts'
import { rawRequest } from '#tests/helpers/raw_request'

/**
 * The contract's exemptions: they never read or write a session. Double
 * opt-in's confirmation is one more such route: like the unsubscribe link,
 * it acts only with the emailed token in the request itself.
 */
const EXEMPT = [
  'POST /newsletter/subscribe',
  'POST /newsletter/unsubscribe',
  'POST /newsletter/confirm',
]

/**
 * Every unsafe route the router serves now, including routes added after
 * this test was written: each must pass the origin guard and take only
 * JSON, unless the contract exempts it.
 */
function sessionRoutes() {
  return servedRoutes()
    .filter((route) => !/^(GET|HEAD|OPTIONS) /.test(route) && !EXEMPT.includes(route))
    .map((route) => {
      const [method, pattern] = route.split(' ')
      return { route, method, path: pattern.replace(/:\w+/g, () => randomUUID()) }
    })
}

/** Rows per table (limits aside): what a refused request must leave alone. */
async function snapshot() {
  const { rows } = await db.rawQuery<{ rows: { tablename: string }[] }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('rate_limits', 'user_request_quotas') AND tablename NOT LIKE 'adonis_schema%' ORDER BY tablename`
  )
  const counts: Record<string, number> = {}
  for (const { tablename } of rows) {
    const [{ total }] = await db.from(tablename).count('* as total')
    counts[tablename] = Number(total)
  }
  return counts
}

test.group('Every session route', (group) => {
  group.each.setup(() => resetDatabase())

  test('refuses an unsafe request from an untrusted page, with no cookie and no change', async ({
    assert,
    client,
  }) => {
    const { cookie } = await memberWithOrganization(client)
    const routes = sessionRoutes()
    assert.isAbove(routes.length, 15)
    const before = await snapshot()
    for (const { route, method, path } of routes) {
      const pages: Record<string, string>[] = [
        { 'origin': 'https://www.events.test', 'sec-fetch-site': 'same-site' },
        { origin: 'null' },
      ]
      for (const page of pages) {
        const response = await rawRequest(method, path, undefined, { cookie, ...page })
        assert.equal(response.status, 403, `${route} from ${JSON.stringify(page)}`)
        assert.equal(response.body.errors[0].code, 'auth.cross_origin_request', route)
        assert.isNull(response.headers.get('set-cookie'), route)
        assert.include(String(response.headers.get('vary')), 'Sec-Fetch-Site', route)
      }
    }
    assert.deepEqual(await snapshot(), before)
  })

  test('answers 415 to a body that is not JSON, form posts and text/plain included', async ({
    assert,
    client,
  }) => {
    const { cookie } = await memberWithOrganization(client)
    const before = await snapshot()
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'name=Planted&email=planted%40example.com'],
      ['text/plain', '{"name":"Planted","email":"planted@example.com"}'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nPlanted\r\n--x--\r\n',
      ],
    ]) {
      await clearLimits()
      for (const { route, method, path } of sessionRoutes()) {
        const response = await rawRequest(method, path, body, { 'content-type': type, cookie })
        assert.equal(response.status, 415, `${route} with ${type}`)
        assert.equal(response.body.errors[0].code, 'input.body.unsupported_media_type', route)
      }
    }
    assert.deepEqual(await snapshot(), before)
  })
})
