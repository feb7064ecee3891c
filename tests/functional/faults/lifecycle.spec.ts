import { test } from '@japa/runner'
import { setTimeout } from 'node:timers/promises'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { TcpProxy } from '#tests/helpers/tcp_proxy'
import {
  AppProcess,
  freePort,
  jsonRequest,
  testDatabaseTarget,
  testDatabaseUrl,
  UNAVAILABLE,
} from '#tests/helpers/app_process'

test.group('Faults: starting and stopping', (group) => {
  let api: AppProcess | undefined
  let proxy: TcpProxy | undefined

  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(async () => {
    await api?.kill()
    await proxy?.close()
    smtpServer.reset()
  })

  test('takes traffic only once PostgreSQL answers, and by itself once it does', async ({
    assert,
  }) => {
    proxy = new TcpProxy(testDatabaseTarget())
    proxy.port = await freePort()
    api = await AppProcess.production({ DATABASE_URL: testDatabaseUrl(proxy.port) })
    await api.start({ waitFor: 'live' })

    const early = await api.fetch('/auth/me')
    assert.equal(early.status, 503)
    assert.deepEqual(await early.json(), UNAVAILABLE)
    assert.equal(early.headers.get('retry-after'), '5')
    assert.equal(await api.status('/health/ready'), 503)
    assert.equal(await api.status('/health/live'), 200)

    await proxy.open()
    let ready = false
    for (let attempt = 0; attempt < 50 && !ready; attempt++) {
      ready = await api.answers('/health/ready')
      if (!ready) await setTimeout(100)
    }
    assert.isTrue(ready)
    assert.equal(await api.status('/auth/me'), 401)
  }).timeout(30_000)

  test('with Redis unreachable, answers 503 (never 500) until it is connected', async ({
    assert,
  }) => {
    api = await AppProcess.production({
      LIMITER_STORE: 'redis',
      SESSION_STORE: 'redis',
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    })
    await api.start({ waitFor: 'live' })

    for (const path of ['/auth/me', '/organizations']) {
      const response = await api.fetch(path)
      assert.equal(response.status, 503)
      assert.deepEqual(await response.json(), UNAVAILABLE)
    }
    const signup = await api.fetch(
      '/auth/signup',
      jsonRequest('POST', { email: 'ann@example.com', password: 'correct horse' })
    )
    assert.equal(signup.status, 503)
    const health = await api.fetch('/health', {
      headers: { 'x-monitoring-secret': 'production-monitoring-secret' },
    })
    assert.equal(health.status, 503)
    const { checks } = (await health.json()) as { checks: { name: string; status: string }[] }
    assert.equal(checks.find((check) => check.name === 'redis')?.status, 'error')
    assert.equal(await api.status('/health/ready'), 503)
  }).timeout(30_000)

  test('on SIGTERM stops accepting, finishes requests in flight, then exits', async ({
    assert,
  }) => {
    api = await AppProcess.production()
    await api.start()
    smtpServer.replyAfter(1500)

    // A subscribe is in flight (its welcome email takes 1.5 s) when SIGTERM arrives.
    const inFlight = api.fetch(
      '/newsletter/subscribe',
      jsonRequest('POST', { email: 'ann@example.com' })
    )
    await setTimeout(500)
    const terminatedAt = Date.now()
    const exited = api.terminate()
    await setTimeout(200)

    assert.isFalse(await api.answers('/health/live'))
    const response = await inFlight
    assert.equal(response.status, 201)
    assert.equal(await exited, 0)
    // It did not wait for anything but the request in flight (about 1 s left).
    assert.isBelow(Date.now() - terminatedAt, 4000)
    assert.lengthOf(smtpServer.received, 1)
  }).timeout(30_000)

  test('on SIGTERM waits at most 10 s for a request that does not finish', async ({ assert }) => {
    api = await AppProcess.production({ SMTP_TIMEOUT_MS: '60000' })
    await api.start()
    smtpServer.silence()

    const inFlight = api
      .fetch('/newsletter/subscribe', jsonRequest('POST', { email: 'ann@example.com' }))
      .then((response) => response.status)
      .catch(() => 'cut')
    await setTimeout(300)
    const terminatedAt = Date.now()

    assert.equal(await api.terminate(), 0)
    const waited = Date.now() - terminatedAt
    assert.isAtLeast(waited, 9500)
    assert.isBelow(waited, 13_000)
    assert.equal(await inFlight, 'cut')
  }).timeout(30_000)
})
