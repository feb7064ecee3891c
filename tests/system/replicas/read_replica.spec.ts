import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import { AppProcess, jsonRequest } from '#tests/helpers/app_process'
import { signUpOn } from '#tests/helpers/accounts'
import { signupBody } from '#tests/helpers/builders'
import { eventsPath } from '#tests/helpers/events'
import { parseMetrics } from '#tests/helpers/metrics'
import {
  hasPostgresBinaries,
  POSTGRES_BIN,
  StreamingPair,
} from '#tests/helpers/streaming_replication'

const NOT_RUN = `No ${POSTGRES_BIN}/pg_basebackup: install Debian's PostgreSQL 15 (apt-get install -y postgresql-15) to run the read replica tests`

/** The standby applies each commit this long after it: a read there misses a fresh change. */
const APPLY_DELAY_MS = 2000
/** REPLICA_MAX_LAG_MS for these instances: above the apply delay, so the standby is fit. */
const MAX_LAG_MS = 4000
const SECRET = 'production-monitoring-secret'
const REPLICA_PASSWORD = 'replica-password-never-shown'

type Account = { id: string; cookie: string }

/** The status of a GET by `account`. */
async function statusOf(api: AppProcess, path: string, account: Account) {
  const { status } = await read(api, path, account)
  return status
}

/** A read that never waits forever: the test fails on a hang instead of stalling. */
async function read(api: AppProcess, path: string, account: Account) {
  const response = await api.fetch(path, {
    headers: { cookie: account.cookie },
    signal: AbortSignal.timeout(15_000),
  })
  return { status: response.status, body: (await response.json()) as { data: any } }
}

async function send(
  api: AppProcess,
  method: string,
  path: string,
  account: Account,
  body?: object
) {
  const response = await api.fetch(path, jsonRequest(method, body, { cookie: account.cookie }))
  const text = await response.text()
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
  return text ? JSON.parse(text) : undefined
}

/** The samples named `name` of one instance's GET /metrics. */
async function samplesOf(api: AppProcess, name: string) {
  const response = await api.fetch('/metrics', { headers: { authorization: `Bearer ${SECRET}` } })
  const samples = parseMetrics(await response.text())
  return samples.filter((sample) => sample.name === name)
}

/** db_reads_total{target, reason} of one instance (0 before the first). */
async function readsOf(api: AppProcess, target: 'primary' | 'replica', reason: string) {
  const samples = await samplesOf(api, 'db_reads_total')
  const found = samples.find(
    (sample) => sample.labels.target === target && sample.labels.reason === reason
  )
  return found?.value ?? 0
}

/** db_replica_up of one instance's only replica. */
async function replicaUpOn(api: AppProcess) {
  const [sample] = await samplesOf(api, 'db_replica_up')
  return sample.value
}

/** The full health report's status code and its `database_replica` check's status. */
async function replicaCheckOf(api: AppProcess) {
  const response = await api.fetch('/health', { headers: { 'x-monitoring-secret': SECRET } })
  const report = (await response.json()) as { checks: { name: string; status: string }[] }
  const check = report.checks.find(({ name }) => name === 'database_replica')
  return { httpStatus: response.status, status: check?.status }
}

async function replicaCheckStatus(api: AppProcess) {
  const { status } = await replicaCheckOf(api)
  return status
}

/** Polls `condition` (every 100 ms, up to `attempts`); throws with `what` if it never holds. */
async function eventually(what: string, condition: () => Promise<boolean>, attempts = 100) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await condition()) return
    await sleep(100)
  }
  throw new Error(`never: ${what}`)
}

test.group('Read replica: a real primary and a streaming standby', (group) => {
  let pair: StreamingPair
  let instances: AppProcess[] = []
  let owner: Account
  let reader: Account
  let organizationId: string
  let eventId: string

  const eventPath = () => eventsPath(organizationId, eventId)
  const nameSeenBy = async (api: AppProcess, account: Account) => {
    const { status, body } = await read(api, eventPath(), account)
    if (status !== 200) throw new Error(`GET answered ${status}: ${JSON.stringify(body)}`)
    return body.data.name as string
  }

  group.setup(async () => {
    if (!hasPostgresBinaries) return
    pair = await StreamingPair.start({ applyDelay: `${APPLY_DELAY_MS}ms` })
    instances = await Promise.all(
      [0, 1].map(() =>
        AppProcess.production({
          DATABASE_URL: pair.primaryUrl(),
          // The standby trusts local connections: the password is there to be kept out of sight.
          DATABASE_REPLICA_URL: pair.standbyUrl(REPLICA_PASSWORD),
          REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
          REPLICA_TIMEOUT_MS: '1000',
          LIMITER_STORE: 'memory',
        })
      )
    )
    await Promise.all(instances.map((instance) => instance.start()))
    const [api] = instances
    owner = await signUpOn(api, signupBody({ email: 'owner@example.com' }))
    reader = await signUpOn(api, signupBody({ email: 'reader@example.com' }))
    const organization = await send(api, 'POST', '/organizations', owner, { name: 'Acme' })
    organizationId = organization.data.id
    await send(api, 'POST', `/organizations/${organizationId}/members`, owner, {
      email: 'reader@example.com',
    })
    const event = await send(api, 'POST', eventsPath(organizationId), owner, { name: 'v0' })
    eventId = event.data.id
    await pair.waitForStandby()
  })

  group.teardown(async () => {
    await Promise.all(instances.map((instance) => instance.kill()))
    await pair?.stop()
  })

  group.each.setup(async () => {
    if (!hasPostgresBinaries) return
    // Every test starts with the standby caught up, and both instances having seen it so.
    await pair.waitForStandby()
    for (const api of instances) {
      await eventually('the replica is fit', async () => (await replicaCheckStatus(api)) === 'ok')
      await eventually('the replica is seen caught up', async () => {
        const [lag] = await samplesOf(api, 'db_replica_lag_bytes')
        return lag?.value === 0
      })
    }
  })

  test('reads are offloaded to a fit replica, labelled by host:port only', async ({ assert }) => {
    for (const api of instances) {
      const before = await readsOf(api, 'replica', 'fit')
      assert.equal(await nameSeenBy(api, reader), 'v0')
      const list = await read(api, eventsPath(organizationId), reader)
      assert.equal(list.status, 200)
      assert.deepEqual(
        list.body.data.map((event: { id: string }) => event.id),
        [eventId]
      )
      assert.isAbove(await readsOf(api, 'replica', 'fit'), before)
      const up = await samplesOf(api, 'db_replica_up')
      assert.deepEqual(up, [
        { name: 'db_replica_up', labels: { replica: `127.0.0.1:${pair.standbyPort}` }, value: 1 },
      ])
      const metrics = await api.fetch('/metrics', {
        headers: { authorization: `Bearer ${SECRET}` },
      })
      const health = await api.fetch('/health', { headers: { 'x-monitoring-secret': SECRET } })
      assert.notInclude(await metrics.text(), REPLICA_PASSWORD)
      assert.notInclude(await health.text(), REPLICA_PASSWORD)
      assert.notInclude(api.output, REPLICA_PASSWORD)
    }
  }).skip(!hasPostgresBinaries, NOT_RUN)

  test('a PATCH then a GET by the same account always shows the new value on either instance', async ({
    assert,
  }) => {
    const seenByAnother: string[] = []
    for (let round = 1; round <= 20; round++) {
      const writer = instances[round % 2]
      const other = instances[(round + 1) % 2]
      await send(writer, 'PATCH', eventPath(), owner, { name: `v${round}` })
      assert.equal(await nameSeenBy(other, owner), `v${round}`, `round ${round}`)
      seenByAnother.push(await nameSeenBy(other, reader))
    }
    // Meanwhile another account was served by the standby, which applies each change 2 s late.
    const older = seenByAnother.filter((name, index) => name !== `v${index + 1}`)
    assert.isNotEmpty(older)
    const [first, second] = instances
    const readYourWrites =
      (await readsOf(first, 'primary', 'read_your_writes')) +
      (await readsOf(second, 'primary', 'read_your_writes'))
    assert.isAbove(readYourWrites, 0)
  }).skip(!hasPostgresBinaries, NOT_RUN)

  test('a removed member is refused at once on the read routes of every instance', async ({
    assert,
  }) => {
    const [api, other] = instances
    const member = await signUpOn(api, signupBody({ email: 'member@example.com' }))
    await send(api, 'POST', `/organizations/${organizationId}/members`, owner, {
      email: 'member@example.com',
    })
    await pair.waitForStandby()
    assert.equal(await statusOf(other, eventPath(), member), 200)

    await send(api, 'DELETE', `/organizations/${organizationId}/members/${member.id}`, owner)
    for (const instance of instances) {
      for (const path of [
        eventPath(),
        eventsPath(organizationId),
        `/organizations/${organizationId}`,
        `/organizations/${organizationId}/members`,
      ]) {
        assert.equal(await statusOf(instance, path, member), 403, path)
      }
      const list = await read(instance, '/organizations', member)
      assert.deepEqual(list.body.data, [])
    }
  }).skip(!hasPostgresBinaries, NOT_RUN)

  test('another account reads data at most REPLICA_MAX_LAG_MS old: a paused standby is left for the primary', async ({
    assert,
  }) => {
    const [api, other] = instances
    await pair.pauseReplay()
    try {
      await send(api, 'PATCH', eventPath(), owner, { name: 'while paused' })
      const changedAt = Date.now()
      // Within the bound the standby may answer with the older value; past it, only the primary.
      while (Date.now() - changedAt < MAX_LAG_MS + 1000) {
        const seen = await nameSeenBy(other, reader)
        if (Date.now() - changedAt > MAX_LAG_MS + 500) assert.equal(seen, 'while paused')
        await sleep(200)
      }
      assert.equal(await nameSeenBy(other, reader), 'while paused')
      assert.isAbove(await readsOf(other, 'primary', 'lagging'), 0)
      assert.deepEqual(await replicaCheckOf(other), { httpStatus: 200, status: 'warning' })
      assert.equal(await other.status('/health/ready'), 200)
    } finally {
      await pair.resumeReplay()
    }
  }).skip(!hasPostgresBinaries, NOT_RUN)

  test('a standby stopped: every read still answers, from the primary, and the replica comes back', async ({
    assert,
  }) => {
    await pair.stopStandby()
    try {
      await send(instances[0], 'PATCH', eventPath(), owner, { name: 'standby stopped' })
      for (let round = 0; round < 6; round++) {
        for (const api of instances) {
          assert.equal(await nameSeenBy(api, owner), 'standby stopped')
          assert.equal(await nameSeenBy(api, reader), 'standby stopped')
          assert.equal(await statusOf(api, eventsPath(organizationId), reader), 200)
          assert.equal(
            await statusOf(api, `/organizations/${organizationId}/audit-log`, owner),
            200
          )
        }
      }
      for (const api of instances) {
        await eventually('the replica is reported down', async () => (await replicaUpOn(api)) === 0)
        assert.deepEqual(await replicaCheckOf(api), { httpStatus: 200, status: 'warning' })
        assert.equal(await api.status('/health/ready'), 200)
      }
    } finally {
      await pair.restartStandby()
    }
    await pair.waitForStandby()
    for (const api of instances) {
      await eventually('the replica is used again', async () => (await replicaUpOn(api)) === 1)
      const before = await readsOf(api, 'replica', 'fit')
      assert.equal(await nameSeenBy(api, reader), 'standby stopped')
      assert.isAbove(await readsOf(api, 'replica', 'fit'), before)
    }
  }).skip(!hasPostgresBinaries, NOT_RUN)

  test('a standby that hangs: every read still answers, the primary taking over', async ({
    assert,
  }) => {
    await pair.hangStandby()
    try {
      await send(instances[1], 'PATCH', eventPath(), owner, { name: 'standby hung' })
      const reads = instances.flatMap((api) => [
        read(api, eventPath(), reader),
        read(api, eventPath(), owner),
        read(api, eventsPath(organizationId), reader),
        read(api, `/organizations/${organizationId}/members`, reader),
        read(api, `/organizations/${organizationId}/invitations`, owner),
        read(api, '/organizations', reader),
      ])
      const outcomes = await Promise.all(reads)
      assert.deepEqual(
        outcomes.map(({ status }) => status),
        outcomes.map(() => 200)
      )
      for (const api of instances) {
        await eventually(
          'the hung replica is reported',
          async () => (await replicaCheckStatus(api)) === 'warning'
        )
        assert.equal(await nameSeenBy(api, owner), 'standby hung')
        assert.equal(await nameSeenBy(api, reader), 'standby hung')
      }
    } finally {
      await pair.thawStandby()
    }
  }).skip(!hasPostgresBinaries, NOT_RUN)
})
