import { test } from '@japa/runner'
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

test.group('Faults: what an outage logs', (group) => {
  let api: AppProcess | undefined
  let redis: FakeRedis | undefined
  let proxy: TcpProxy | undefined

  group.each.teardown(async () => {
    await api?.kill()
    await redis?.stop()
    await proxy?.close()
  })

  test('Redis gone for 3 s: one warning when it starts, one with its length when it ends, nothing fatal', async ({
    assert,
  }) => {
    redis = new FakeRedis()
    await redis.start()
    api = await AppProcess.production({
      LIMITER_STORE: 'redis',
      SESSION_STORE: 'redis',
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
    })
    await api.start()

    const gone = redis
    const outage = (async () => {
      await gone.stop()
      await setTimeout(3000)
      await gone.start()
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
    const warnings = lines.filter((line) => line.dependency === 'redis')
    assert.deepEqual(
      warnings.map((line) => [line.level, line.msg.replace(/\d+ ms/, 'N ms')]),
      [
        [40, 'redis unreachable: answering 503 until it is back'],
        [40, 'redis is back after N ms'],
      ]
    )
    assert.isAtLeast(warnings[1].outageMs!, 2900)
  }).timeout(40_000)

  test('PostgreSQL gone for 3 s: one warning when it starts, one with its length when it ends', async ({
    assert,
  }) => {
    proxy = new TcpProxy(testDatabaseTarget())
    await proxy.open()
    api = await AppProcess.production({ DATABASE_URL: testDatabaseUrl(proxy.port) })
    await api.start()

    const gone = proxy
    const outage = (async () => {
      await gone.down()
      await setTimeout(3000)
      await gone.open()
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
    const warnings = lines.filter((line) => line.dependency === 'postgresql')
    assert.deepEqual(
      warnings.map((line) => [line.level, line.msg.replace(/\d+ ms/, 'N ms')]),
      [
        [40, 'postgresql unreachable: answering 503 until it is back'],
        [40, 'postgresql is back after N ms'],
      ]
    )
    // Noticed at the first readiness probe that reaches PostgreSQL, which may
    // reuse a result up to 1 s old: the length is the 3 s less at most that.
    assert.isAtLeast(warnings[1].outageMs!, 1800)
    assert.isBelow(warnings[1].outageMs!, 6000)
  }).timeout(40_000)
})
