import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { resetDatabase } from '#tests/helpers/database'
import { signUpOn } from '#tests/helpers/accounts'
import { eventBody, signupBody } from '#tests/helpers/builders'
import { eventOf, eventsPath } from '#tests/helpers/events'
import { scrapeProcess } from '#tests/helpers/metrics'
import { AppProcess, jsonRequest, logLines, UNAVAILABLE } from '#tests/helpers/app_process'
import OrganizationMember from '#models/organization_member'
import { OrganizationFactory } from '#database/factories/organization_factory'

const POOL_MAX = 3
const EVENT_ROUTE = '/organizations/:organizationId/events/:id'

/**
 * Holds the organization's row FOR UPDATE in a transaction of the test's
 * own: anything that writes a row referencing it (an event, an audit
 * entry: their foreign keys take a share lock on it) waits for as long as
 * the test keeps it.
 */
async function lockOrganization(organizationId: string) {
  const trx = await db.transaction()
  await trx.rawQuery('SELECT id FROM organizations WHERE id = ? FOR UPDATE', [organizationId])
  return trx
}

test.group('Faults: a statement past DB_STATEMENT_TIMEOUT_MS (production settings)', (group) => {
  let api: AppProcess | undefined
  let lock: TransactionClientContract | undefined

  group.each.setup(() => resetDatabase())
  group.each.teardown(async () => {
    if (lock && !lock.isCompleted) await lock.rollback()
    await api?.kill()
  })

  test('answers 503 with Retry-After, writes nothing, logs a warning (no outage) and the pool recovers', async ({
    assert,
  }) => {
    api = await AppProcess.production({
      DB_STATEMENT_TIMEOUT_MS: '500',
      DB_POOL_MAX: String(POOL_MAX),
      DB_POOL_ACQUIRE_TIMEOUT_MS: '2000',
    })
    await api.start()
    const { id: userId, cookie } = await signUpOn(api, signupBody({ fullName: 'Ann' }))
    const organization = await OrganizationFactory.create()
    await OrganizationMember.create({ organizationId: organization.id, userId, role: 'owner' })
    const event = await eventOf(organization, { name: 'Gala' })
    const eventPath = eventsPath(organization.id, event.id)

    lock = await lockOrganization(organization.id)
    // More statements cancelled than the pool has connections: one kept by each would leave none.
    const slow: [string, RequestInit][] = [
      // A transaction: the event deleted, then its audit entry waits for the lock.
      ...Array.from({ length: POOL_MAX }, (): [string, RequestInit] => [
        eventPath,
        { method: 'DELETE', headers: { cookie } },
      ]),
      // One statement, outside a transaction.
      [eventsPath(organization.id), jsonRequest('POST', eventBody(), { cookie })],
      // A transaction with its idempotency record.
      [
        eventsPath(organization.id),
        jsonRequest('POST', eventBody(), { cookie, 'idempotency-key': 'slow-create' }),
      ],
    ]
    for (const [path, init] of slow) {
      const response = await api.fetch(path, init)
      assert.equal(response.status, 503, `${init.method} ${path}`)
      assert.equal(response.headers.get('retry-after'), '5')
      assert.deepEqual(await response.json(), UNAVAILABLE)
    }
    await lock.rollback()

    // Nothing half-written: the event, its name and no audit entry or second event.
    const events = await db.from('events').where('organization_id', organization.id)
    assert.deepEqual(
      events.map((row) => [row.id, row.name]),
      [[event.id, 'Gala']]
    )
    const audit = await db
      .from('organization_audit_entries')
      .where('organization_id', organization.id)
    assert.deepEqual(audit, [])
    // The idempotency claim was given back: the same key runs anew.
    const retried = await api.fetch(
      eventsPath(organization.id),
      jsonRequest('POST', eventBody(), { cookie, 'idempotency-key': 'slow-create' })
    )
    assert.equal(retried.status, 201)

    // Every connection is back: twice the pool at once, each needing one.
    const statuses = await Promise.all(
      Array.from({ length: 2 * POOL_MAX }, (_, index) =>
        api!.status(index % 2 ? '/auth/me' : '/organizations', { headers: { cookie } })
      )
    )
    assert.deepEqual(statuses, Array(2 * POOL_MAX).fill(200))
    assert.equal(await api.status(eventPath, { headers: { cookie } }), 200)

    // One warning per cancelled statement, naming its route; no stack, no outage, nothing at error.
    const lines = logLines(api.output)
    const warnings = lines.filter((line) => line.msg.includes('DB_STATEMENT_TIMEOUT_MS'))
    assert.deepEqual(
      warnings.map(({ level, method, route }) => ({ level, method, route })),
      slow.map(([path, init]) => ({
        level: 40,
        method: init.method,
        route: path === eventPath ? EVENT_ROUTE : '/organizations/:organizationId/events',
      }))
    )
    assert.isTrue(warnings.every((line) => line.err === undefined))
    assert.deepEqual(
      lines.filter((line) => line.level >= 50 || line.dependency !== undefined),
      []
    )

    const metrics = await scrapeProcess(api)
    assert.equal(metrics.value('db_statement_timeouts_total', { route: EVENT_ROUTE }), POOL_MAX)
    assert.equal(
      metrics.value('db_statement_timeouts_total', {
        route: '/organizations/:organizationId/events',
      }),
      2
    )
  }).timeout(90_000)
})
