import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import { setTimeout } from 'node:timers/promises'
import { FakeRedis } from '#tests/helpers/fake_redis'
import { TcpProxy } from '#tests/helpers/tcp_proxy'
import { AppProcess, testDatabaseTarget, testDatabaseUrl } from '#tests/helpers/app_process'
import { resetDatabase } from '#tests/helpers/database'
import { signUpOn } from '#tests/helpers/accounts'
import { signupBody } from '#tests/helpers/builders'

type LogLine = { level: number; msg: string; dependency?: string; outageMs?: number }

function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
}

/** Keeps asking for readiness (which talks to the dependencies) until `until` resolves. */
async function probeUntil(api: AppProcess, until: Promise<unknown>) {
  let done = false
  void until.finally(() => (done = true))
  const statuses: number[] = []
  while (!done) {
    statuses.push(await api.status('/health/ready'))
    await setTimeout(50)
  }
  return statuses
}

/**
 * `dependency` taken away for 3 s, then back, while readiness is probed:
 * it must be answered 503 meanwhile and 200 at the end, with nothing at
 * error level and exactly two warnings. Returns the outage's length as the
 * second warning logged it.
 */
async function assertOutageLogged(
  assert: Assert,
  api: AppProcess,
  dependency: string,
  gone: { take: () => Promise<void>; bring: () => Promise<void> }
) {
  const outage = (async () => {
    await gone.take()
    await setTimeout(3000)
    await gone.bring()
    await setTimeout(3000)
  })()
  const statuses = await probeUntil(api, outage)
  assert.include(statuses, 503)
  assert.equal(statuses.at(-1), 200)

  const lines = logLines(api.output)
  assert.deepEqual(
    lines.filter((line) => line.level >= 50),
    [],
    'nothing at error or fatal level'
  )
  const warnings = lines.filter((line) => line.dependency === dependency)
  assert.deepEqual(
    warnings.map((line) => [line.level, line.msg.replace(/\d+ ms/, 'N ms')]),
    [
      [40, `${dependency} unreachable: answering 503 until it is back`],
      [40, `${dependency} is back after N ms`],
    ]
  )
  return warnings[1].outageMs!
}

test.group('Faults: what an outage logs', (group) => {
  let api: AppProcess | undefined
  let redis: FakeRedis | undefined
  let proxy: TcpProxy | undefined

  group.each.teardown(async () => {
    await api?.kill()
    await redis?.close()
    await proxy?.close()
  })

  test('Redis gone for 3 s: one warning when it starts, one with its length when it ends, nothing fatal', async ({
    assert,
  }) => {
    const fake = new FakeRedis()
    redis = fake
    await fake.start()
    api = await AppProcess.production({
      LIMITER_STORE: 'redis',
      SESSION_STORE: 'redis',
      REDIS_URL: `redis://127.0.0.1:${fake.port}`,
    })
    await api.start()

    const outageMs = await assertOutageLogged(assert, api, 'redis', {
      take: () => fake.down(),
      bring: () => fake.start(),
    })
    assert.isAtLeast(outageMs, 2900)
  }).timeout(40_000)

  test('PostgreSQL gone for 3 s: one warning when it starts, one with its length when it ends', async ({
    assert,
  }) => {
    const database = new TcpProxy(testDatabaseTarget())
    proxy = database
    await database.open()
    api = await AppProcess.production({ DATABASE_URL: testDatabaseUrl(database.port) })
    await api.start()

    const outageMs = await assertOutageLogged(assert, api, 'postgresql', {
      take: () => database.down(),
      bring: () => database.open(),
    })
    // Noticed at the first readiness probe that reaches PostgreSQL, which may
    // reuse a result up to 1 s old: the length is the 3 s less at most that.
    assert.isAtLeast(outageMs, 1800)
    assert.isBelow(outageMs, 6000)
  }).timeout(40_000)

  test('PostgreSQL cut under load: one warning at the start, one at the end, whatever layer notices, no stack trace', async ({
    assert,
  }) => {
    await resetDatabase()
    const database = new TcpProxy(testDatabaseTarget())
    proxy = database
    await database.open()
    api = await AppProcess.production({
      DATABASE_URL: testDatabaseUrl(database.port),
      DB_POOL_ACQUIRE_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'info',
    })
    await api.start()
    const { cookie } = await signUpOn(api, signupBody())
    const running = api

    // Four clients in a loop (within the account's 100 requests a minute); the
    // connection is cut (as HAProxy cuts it when no server is up: accepted,
    // then closed at once) for 3 s, then restored.
    let loading = true
    const statuses: number[] = []
    const clients = Array.from({ length: 4 }, async () => {
      while (loading) {
        statuses.push(await running.status('/organizations', { headers: { cookie } }))
        await setTimeout(250)
      }
    })
    const metrics = async () => {
      const response = await running.fetch('/metrics', {
        headers: { authorization: 'Bearer production-monitoring-secret' },
      })
      return response.text()
    }
    await setTimeout(300)
    database.hangUp()
    await setTimeout(2000)
    const during = await metrics()
    await setTimeout(1000)
    await database.open()
    await setTimeout(2000)
    loading = false
    await Promise.all(clients)

    // The outage in the metrics: down while it lasts, counted once.
    assert.include(during, 'app_dependency_up{dependency="postgresql"} 0')
    const after = await metrics()
    assert.include(after, 'app_dependency_up{dependency="postgresql"} 1')
    assert.include(after, 'app_dependency_outages_total{dependency="postgresql"} 1')

    assert.isAbove(statuses.length, 40, 'a few dozen requests')
    assert.include(statuses, 503)
    assert.equal(statuses.at(-1), 200)
    assert.deepEqual([...new Set(statuses)].sort(), [200, 503])

    const output = api.output.split('\n').filter((line) => line.trim() !== '')
    assert.deepEqual(
      output.filter((line) => !line.startsWith('{')),
      [],
      'nothing printed past the logger'
    )
    const lines = logLines(api.output)
    assert.deepEqual(
      lines
        .filter((line) => line.level >= 40)
        .map((line) => [line.level, line.msg.replace(/\d+ ms/, 'N ms')]),
      [
        [40, 'postgresql unreachable: answering 503 until it is back'],
        [40, 'postgresql is back after N ms'],
      ]
    )
    assert.notMatch(api.output, /\\n\s+at /, 'no stack trace')
  }).timeout(60_000)
})
