import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import { setTimeout } from 'node:timers/promises'
import { FakeRedis } from '#tests/helpers/fake_redis'
import { TcpProxy } from '#tests/helpers/tcp_proxy'
import { AppProcess, testDatabaseTarget, testDatabaseUrl } from '#tests/helpers/app_process'

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
})
