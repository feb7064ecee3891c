import { setTimeout } from 'node:timers/promises'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { resetDatabase } from '#tests/helpers/database'
import { signUpOn } from '#tests/helpers/accounts'
import { signupBody } from '#tests/helpers/builders'
import { eventOf, eventsPath } from '#tests/helpers/events'
import { scrapeProcess } from '#tests/helpers/metrics'
import { AppProcess, jsonRequest, logLines, UNAVAILABLE } from '#tests/helpers/app_process'
import OrganizationMember from '#models/organization_member'
import { OrganizationFactory } from '#database/factories/organization_factory'

const POOL_MAX = 4
/** max(1, floor(DB_POOL_MAX / 2)): the places of one organization's lane. */
const LANE = 2
/** As many of A's requests as the pool has connections, and more: without lanes they would take it all. */
const A_REQUESTS = 6

/** A request under way: whether it has answered yet, and its answer. */
function tracked(request: Promise<Response>) {
  const state = { settled: false, answer: request.finally(() => (state.settled = true)) }
  // Awaited by the test; a failed run ends the process under it without anyone listening.
  state.answer.catch(() => {})
  return state
}

/** How many writes of events wait for a row lock now. */
async function eventWritesWaitingForLocks() {
  const { rows } = await db.rawQuery(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'
        AND query LIKE '%UPDATE events%'`
  )
  return rows[0].waiting as number
}

/** Waits until `predicate` holds, checking every 20 ms. */
async function until(predicate: () => boolean | Promise<boolean>) {
  while (!(await predicate())) await setTimeout(20)
}

/** Requests of this process that have waited for their organization's lane. */
async function laneWaits(api: AppProcess) {
  const metrics = await scrapeProcess(api)
  return metrics.value('organization_lane_waits_total')
}

test.group('Faults: one organization cannot take the pool from the others', (group) => {
  let api: AppProcess | undefined
  let lock: TransactionClientContract | undefined

  group.each.setup(() => resetDatabase())
  group.each.teardown(async () => {
    if (lock && !lock.isCompleted) await lock.rollback()
    await api?.kill()
  })

  test("A's requests blocked on a lock hold only A's lane: B answers meanwhile, A's excess gets 503, then all recover", async ({
    assert,
  }) => {
    api = await AppProcess.production({
      DB_POOL_MAX: String(POOL_MAX),
      // The lane's wait is the pool's: short, so A's excess answers soon.
      DB_POOL_ACQUIRE_TIMEOUT_MS: '1500',
      // Longer than the test: A's statements wait for the lock until the test lets go.
      DB_STATEMENT_TIMEOUT_MS: '60000',
    })
    await api.start()
    const ann = await signUpOn(api, signupBody({ email: 'ann@example.com', fullName: 'Ann' }))
    const bob = await signUpOn(api, signupBody({ email: 'bob@example.com', fullName: 'Bob' }))
    const [organizationA, organizationB] = await OrganizationFactory.createMany(2)
    await OrganizationMember.createMany([
      { organizationId: organizationA.id, userId: ann.id, role: 'owner' },
      { organizationId: organizationB.id, userId: bob.id, role: 'owner' },
    ])
    const eventA = await eventOf(organizationA)
    const eventB = await eventOf(organizationB, { name: 'Gala' })
    const eventAPath = eventsPath(organizationA.id, eventA.id)
    const eventBPath = eventsPath(organizationB.id, eventB.id)

    // Every PATCH of A's event waits for this lock, holding its pooled connection.
    lock = await db.transaction()
    await lock.rawQuery('SELECT id FROM events WHERE id = ? FOR UPDATE', [eventA.id])
    const requestsOfA = Array.from({ length: A_REQUESTS }, (_, index) =>
      tracked(
        api!.fetch(
          eventAPath,
          jsonRequest('PATCH', { name: `Edit ${index}` }, { cookie: ann.cookie })
        )
      )
    )
    // Each of A's requests is either waiting for the lock in PostgreSQL or waiting in A's line
    // (or, without a lane, refused for want of a connection): only LANE of them reach PostgreSQL.
    const settled = () => requestsOfA.filter((request) => request.settled).length
    await until(
      async () =>
        (await eventWritesWaitingForLocks()) + (await laneWaits(api!)) + settled() >= A_REQUESTS
    )
    assert.equal(await eventWritesWaitingForLocks(), LANE, 'A holds no more than its lane')
    assert.equal(await laneWaits(api), A_REQUESTS - LANE)

    // B passes straight through while A's lane is full and its line waits.
    const answerOfB = await api.fetch(eventBPath, { headers: { cookie: bob.cookie } })
    assert.equal(answerOfB.status, 200)
    assert.equal(((await answerOfB.json()) as { data: { name: string } }).data.name, 'Gala')
    assert.equal(await api.status('/organizations', { headers: { cookie: bob.cookie } }), 200)
    assert.isAtLeast(A_REQUESTS - settled(), LANE, "A's blocked requests have not answered")
    assert.equal(await eventWritesWaitingForLocks(), LANE, 'A never holds more than its lane')

    // A's excess is refused after the bounded wait, while its lane is still blocked.
    await until(() => settled() === A_REQUESTS - LANE)
    const refused = requestsOfA.filter((request) => request.settled)
    for (const request of refused) {
      const response = await request.answer
      assert.equal(response.status, 503)
      assert.equal(response.headers.get('retry-after'), '5')
      assert.deepEqual(await response.json(), UNAVAILABLE)
    }
    assert.equal(await eventWritesWaitingForLocks(), LANE)

    // The lock goes: A's blocked requests finish, and everyone is served again.
    await lock.rollback()
    const served = await Promise.all(
      requestsOfA.filter((request) => !refused.includes(request)).map((request) => request.answer)
    )
    assert.deepEqual(
      served.map((response) => response.status),
      Array(LANE).fill(200)
    )
    const afterwards = await Promise.all([
      ...Array.from({ length: A_REQUESTS }, () =>
        api!.status(eventAPath, { headers: { cookie: ann.cookie } })
      ),
      api.status(eventBPath, { headers: { cookie: bob.cookie } }),
    ])
    assert.deepEqual(afterwards, Array(A_REQUESTS + 1).fill(200))

    const metrics = await scrapeProcess(api)
    assert.equal(metrics.value('organization_lane_refusals_total'), A_REQUESTS - LANE)
    const busy = logLines(api.output).filter((line) => line.msg.includes('database pool busy'))
    assert.deepEqual(
      busy.map(({ level, route, organizationId }) => ({ level, route, organizationId })),
      Array(A_REQUESTS - LANE).fill({
        level: 40,
        route: '/organizations/:organizationId/events/:id',
        organizationId: organizationA.id,
      })
    )
  }).timeout(90_000)
})
