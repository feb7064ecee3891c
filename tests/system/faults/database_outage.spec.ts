import { setTimeout } from 'node:timers/promises'
import { test } from '@japa/runner'
import { resetDatabase } from '#tests/helpers/database'
import { signUpOn } from '#tests/helpers/accounts'
import { smtpServer } from '#tests/helpers/smtp_server'
import { unsubscribePath } from '#tests/helpers/newsletter'
import { TcpProxy } from '#tests/helpers/tcp_proxy'
import {
  AppProcess,
  jsonRequest,
  testDatabaseTarget,
  testDatabaseUrl,
  UNAVAILABLE,
} from '#tests/helpers/app_process'
import { signupBody } from '#tests/helpers/builders'

const ACCOUNT = signupBody({ fullName: 'Ann' })

/**
 * The API in production mode whose PostgreSQL is reached through a proxy,
 * signed up as ACCOUNT; returns the proxy and the session cookie.
 */
async function productionApiThroughProxy() {
  const proxy = new TcpProxy(testDatabaseTarget())
  await proxy.open()
  const api = await AppProcess.production({
    DATABASE_URL: testDatabaseUrl(proxy.port),
    DB_POOL_ACQUIRE_TIMEOUT_MS: '1000',
  })
  await api.start()
  const { cookie } = await signUpOn(api, ACCOUNT)
  return { api, proxy, cookie }
}

/** Requests a member's client makes, each expected to answer 503 during an outage. */
function memberRequests(cookie: string): [string, RequestInit][] {
  return [
    ['/auth/me', { headers: { cookie } }],
    ['/organizations', { headers: { cookie } }],
    ['/organizations', jsonRequest('POST', { name: 'Acme' }, { cookie })],
    [
      '/organizations/0193e3b4-1c2d-7a8b-9c0d-1e2f3a4b5c6d/events/0193e3b4-1c2d-7a8b-9c0d-1e2f3a4b5c6e',
      { headers: { cookie } },
    ],
    ['/auth/login', jsonRequest('POST', { email: ACCOUNT.email, password: ACCOUNT.password })],
  ]
}

test.group('Faults: PostgreSQL outage (production settings)', (group) => {
  let api: AppProcess | undefined
  let proxy: TcpProxy | undefined

  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(async () => {
    await api?.kill()
    await proxy?.close()
  })

  test('every route answers 503 while PostgreSQL is down, then recovers without a restart', async ({
    assert,
  }) => {
    const started = await productionApiThroughProxy()
    ;({ api, proxy } = started)
    const subscribed = await api.fetch(
      '/newsletter/subscribe',
      jsonRequest('POST', { email: 'carol@example.com' })
    )
    assert.equal(subscribed.status, 201)
    // The signup's verification email may have arrived too: take the welcome one.
    const welcome = smtpServer.received.find((mail) => mail.to.includes('carol@example.com'))!
    const unsubscribe = unsubscribePath(welcome)
    smtpServer.reset()

    await proxy.down()

    const unsubscribeRequests: [string, RequestInit][] = [
      [unsubscribe, {}],
      [
        unsubscribe,
        { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) },
      ],
    ]
    for (const [path, init] of [...memberRequests(started.cookie), ...unsubscribeRequests]) {
      const before = Date.now()
      const response = await api.fetch(path, init)
      assert.equal(response.status, 503, `${init.method ?? 'GET'} ${path}`)
      assert.deepEqual(await response.json(), UNAVAILABLE)
      assert.equal(response.headers.get('retry-after'), '5')
      assert.isBelow(Date.now() - before, 3000)
    }

    // The monitor and the load balancer get their own bodies, never 500 or 429.
    const health = await api.fetch('/health')
    assert.equal(health.status, 503)
    assert.deepEqual(await health.json(), { status: 'error', isHealthy: false })
    const report = await api.fetch('/health', {
      headers: { 'x-monitoring-secret': 'production-monitoring-secret' },
    })
    assert.equal(report.status, 503)
    const { checks } = (await report.json()) as { checks: { name: string; status: string }[] }
    assert.equal(checks.find((check) => check.name === 'database')?.status, 'error')
    // Readiness may reuse a result up to 1 s old.
    await setTimeout(1100)
    assert.equal(await api.status('/health/ready'), 503)
    assert.equal(await api.status('/health/live'), 200)

    // The newsletter keeps the spec's 500, with no driver message in production.
    const subscribe = await api.fetch(
      '/newsletter/subscribe',
      jsonRequest('POST', { email: 'bob@example.com' })
    )
    assert.equal(subscribe.status, 500)
    assert.deepEqual(await subscribe.json(), {
      errors: [
        { message: 'Failed to subscribe to the newsletter.', code: 'common.server.internal' },
      ],
    })
    // (The signup's verification email may arrive meanwhile: only the welcome email counts.)
    assert.lengthOf(
      smtpServer.received.filter((mail) => mail.to.includes('bob@example.com')),
      0
    )

    await proxy.open()

    const me = await api.fetch('/auth/me', { headers: { cookie: started.cookie } })
    assert.equal(me.status, 200)
    assert.equal(((await me.json()) as { data: { email: string } }).data.email, ACCOUNT.email)
    assert.equal(await api.status('/health'), 200)
    const retried = await api.fetch(
      '/newsletter/subscribe',
      jsonRequest('POST', { email: 'bob@example.com' })
    )
    assert.equal(retried.status, 201)
    assert.equal(await api.status(unsubscribe, { method: 'POST' }), 200)
  }).timeout(60_000)

  test('a PostgreSQL that hangs answers 503 after the bounded pool wait, never a hang', async ({
    assert,
  }) => {
    const started = await productionApiThroughProxy()
    ;({ api, proxy } = started)

    proxy.swallow()

    const before = Date.now()
    const responses = await Promise.all(
      Array.from({ length: 15 }, () =>
        api!.fetch('/auth/me', { headers: { cookie: started.cookie } })
      )
    )
    assert.deepEqual(
      responses.map((response) => response.status),
      Array(15).fill(503)
    )
    assert.isBelow(Date.now() - before, 5000)

    const healthStarted = Date.now()
    assert.equal(await api.status('/health'), 503)
    assert.isBelow(Date.now() - healthStarted, 3000)
  }).timeout(60_000)
})
