import { test } from '@japa/runner'
import http from 'node:http'
import { setTimeout } from 'node:timers/promises'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { TcpProxy } from '#tests/helpers/tcp_proxy'
import {
  AppProcess,
  jsonRequest,
  testDatabaseTarget,
  testDatabaseUrl,
  UNAVAILABLE,
} from '#tests/helpers/app_process'
import { signupBody } from '#tests/helpers/builders'

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
    await proxy.down()
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

  test('with PostgreSQL slow to answer, readiness is never 200 while a route still answers 503', async ({
    assert,
  }) => {
    // PostgreSQL accepts connections but answers them only after 3 s.
    proxy = new TcpProxy(testDatabaseTarget()).hold()
    await proxy.open()
    api = await AppProcess.production({
      DATABASE_URL: testDatabaseUrl(proxy.port),
      LOG_LEVEL: 'info',
    })
    await api.start({ waitFor: 'live' })
    const held = proxy
    const releasing = setTimeout(3000).then(() => held.release())

    // Readiness first, then the route: once readiness said 200, the route must serve.
    const seen: [number, number][] = []
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline) {
      const ready = await api.status('/health/ready')
      const route = await api.status('/openapi.json')
      seen.push([ready, route])
      assert.isFalse(ready === 200 && route === 503, `readiness 200, route 503: ${seen}`)
      if (ready === 200) break
      await setTimeout(50)
    }
    await releasing
    assert.deepEqual(seen[0], [503, 503])
    assert.deepEqual(seen.at(-1), [200, 200])

    // The gate's opening is logged once, with how long it waited.
    const opened = api.output
      .split('\n')
      .filter((line) => line.includes('start-up gate open'))
      .map((line) => JSON.parse(line))
    assert.lengthOf(opened, 1)
    assert.equal(opened[0].level, 30)
    assert.isAtLeast(opened[0].waitedMs, 2500)
    const metrics = await api.fetch('/metrics', {
      headers: { authorization: 'Bearer production-monitoring-secret' },
    })
    const text = await metrics.text()
    assert.include(text, 'app_startup_gate_open 1')
    assert.include(text, 'app_draining 0')
  }).timeout(40_000)

  test('with Redis unreachable, answers 503 (never 500) until it is connected', async ({
    assert,
  }) => {
    // A port that refuses every connection, held for the test's length.
    proxy = TcpProxy.blackhole()
    await proxy.down()
    api = await AppProcess.production({
      LIMITER_STORE: 'redis',
      SESSION_STORE: 'redis',
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
    })
    await api.start({ waitFor: 'live' })

    for (const path of ['/auth/me', '/organizations']) {
      const response = await api.fetch(path)
      assert.equal(response.status, 503)
      assert.deepEqual(await response.json(), UNAVAILABLE)
    }
    const signup = await api.fetch('/auth/signup', jsonRequest('POST', signupBody()))
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

  test('on SIGTERM drains under keep-alive traffic: not ready at once, every request answered, then exit 0', async ({
    assert,
  }) => {
    api = await AppProcess.production({ SHUTDOWN_DRAIN_MS: '1500' })
    await api.start()
    const port = api.port
    type Answer = {
      sentAt: number
      at: number
      status?: number
      connection?: string
      error?: string
    }
    const get = (path: string, agent: http.Agent) =>
      new Promise<Answer>((resolve) => {
        const sentAt = Date.now()
        http
          .get({ host: '127.0.0.1', port, path, agent }, (response) => {
            response.resume()
            response.on('end', () =>
              resolve({
                sentAt,
                at: Date.now(),
                status: response.statusCode,
                connection: response.headers.connection,
              })
            )
          })
          .on('error', (error: NodeJS.ErrnoException) =>
            resolve({ sentAt, at: Date.now(), error: error.code ?? error.message })
          )
      })

    // Four clients on keep-alive connections, and a balancer's readiness probe every 10 ms.
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 4 })
    const probeAgent = new http.Agent({ keepAlive: false })
    let stopAt = Number.POSITIVE_INFINITY
    const answers: Answer[] = []
    const probes: Answer[] = []
    const clients = Array.from({ length: 4 }, async () => {
      while (Date.now() < stopAt) answers.push(await get('/health/live', keepAlive))
    })
    const prober = (async () => {
      while (Date.now() < stopAt) {
        probes.push(await get('/health/ready', probeAgent))
        await setTimeout(10)
      }
    })()

    await setTimeout(500)
    const signalAt = Date.now()
    const exited = api.terminate()
    // The balancer stops sending within the drain (here after 1 s of the 1.5 s).
    stopAt = signalAt + 1000
    await Promise.all([...clients, prober])
    assert.equal(await exited, 0)
    const exitedAfter = Date.now() - signalAt
    keepAlive.destroy()

    assert.deepEqual(
      answers.filter((answer) => answer.error || answer.status !== 200),
      [],
      'every request answered 200'
    )
    // A balancer probing 100 ms or more after the signal is told 503, every time.
    const late = probes.filter((probe) => probe.sentAt >= signalAt + 100)
    assert.isAbove(late.length, 10)
    assert.deepEqual(
      late.map((probe) => probe.status ?? probe.error),
      late.map(() => 503),
      'readiness 503 from 100 ms after the signal, for the whole drain'
    )
    const notReady = probes.find((probe) => probe.sentAt >= signalAt && probe.status === 503)!

    const before = answers.filter((answer) => answer.at < signalAt)
    const during = answers.filter((answer) => answer.sentAt > notReady!.at)
    assert.isAbove(before.length, 20)
    assert.isAbove(during.length, 20)
    assert.isTrue(before.every((answer) => answer.connection === 'keep-alive'))
    assert.isTrue(during.every((answer) => answer.connection === 'close'))
    // The drain, then nothing in flight: the exit follows it at once.
    assert.isAtLeast(exitedAfter, 1500)
    assert.isBelow(exitedAfter, 4000)
  }).timeout(30_000)

  test('a second SIGTERM, or a SIGINT, skips what is left of the drain', async ({ assert }) => {
    api = await AppProcess.production({ SHUTDOWN_DRAIN_MS: '20000' })
    await api.start()
    const first = Date.now()
    const exited = api.terminate()
    await setTimeout(300)
    assert.equal(await api.status('/health/ready'), 503)
    assert.equal(await api.status('/health/live'), 200)
    assert.equal(await api.terminate(), 0)
    assert.isBelow(Date.now() - first, 3000)
    assert.equal(await exited, 0)

    api = await AppProcess.production({ SHUTDOWN_DRAIN_MS: '20000' })
    await api.start()
    const interrupted = Date.now()
    assert.equal(await api.terminate('SIGINT'), 0)
    assert.isBelow(Date.now() - interrupted, 2000)
  }).timeout(40_000)

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
