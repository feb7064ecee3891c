import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import pg from 'pg'
import { setTimeout as sleep } from 'node:timers/promises'
import { migrationSafety } from '#config/database'
import { SafeSchema } from '#database/safe_schema'
import { memberWithOrganization } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { eventOf, eventsPath } from '#tests/helpers/events'
import { testDatabaseUrl } from '#tests/helpers/app_process'

/** A migration that needs `events`' ACCESS EXCLUSIVE lock, as adding a column does. */
class AlterEvents extends SafeSchema {
  async up() {
    this.schema.raw('ALTER TABLE events ADD COLUMN lock_probe text')
  }

  async down() {
    this.schema.raw('ALTER TABLE events DROP COLUMN IF EXISTS lock_probe')
  }
}

/** Runs a migration the way Lucid's migrator does: its own transaction, committed at the end. */
async function migrate(direction: 'up' | 'down') {
  const trx = await db.transaction()
  const schema = new AlterEvents(trx, `lock_probe_${direction}`, false)
  try {
    await (direction === 'up' ? schema.execUp() : schema.execDown())
    await trx.commit()
  } catch (error) {
    await trx.rollback()
    throw error
  }
  return schema
}

async function hasProbeColumn() {
  const { rows } = await db.rawQuery(
    `SELECT 1 FROM information_schema.columns WHERE table_name = 'events' AND column_name = 'lock_probe'`
  )
  return rows.length === 1
}

test.group('Migrations under a long transaction (contract, "Deploys while serving")', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(async () => {
    if (await hasProbeColumn()) await migrate('down')
  })

  test('the migration waits and retries while requests keep answering, then completes', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)

    // A transaction that read `events` and stays open, as an export's would.
    const holder = new pg.Client({ connectionString: testDatabaseUrl() })
    await holder.connect()
    await holder.query('BEGIN')
    await holder.query('SELECT count(*) FROM events')

    const startedAt = Date.now()
    let migratedAt = 0
    const migration = migrate('up').then((schema) => {
      migratedAt = Date.now()
      return schema
    })

    // Reads and writes of the event, one every 100 ms whatever the others are doing, for as
    // long as the transaction is held (5 s).
    const requests: Promise<{ status: number; ms: number; body?: string }>[] = []
    for (let n = 0; Date.now() - startedAt < 5000; n++) {
      const sentAt = Date.now()
      const request =
        n % 2 === 0
          ? client.get(eventsPath(organization.id, event.id)).header('cookie', cookie)
          : client
              .patch(eventsPath(organization.id, event.id))
              .header('cookie', cookie)
              .json({ name: `Renamed ${n}` })
      requests.push(
        request.then((response) => ({ status: response.status(), ms: Date.now() - sentAt }))
      )
      await sleep(100)
    }
    assert.equal(migratedAt, 0, 'the migration cannot finish while the transaction is open')
    const releasedAt = Date.now()
    await holder.query('COMMIT')
    await holder.end()

    const answers = await Promise.all(requests)
    const schema = await migration
    assert.isTrue(await hasProbeColumn())
    assert.isAtLeast(schema.lockWaits, 1, 'the migration retried after its lock timeout')
    // It completes at its next attempt: within the longest pause plus a lock wait.
    assert.isBelow(
      migratedAt - releasedAt,
      migrationSafety.maxRetryPauseMs + migrationSafety.lockTimeoutMs
    )

    // The statements prepared before the column came, on every pooled connection (requests at
    // once use several), are prepared again: no restart needed.
    const after = await Promise.all(
      Array.from({ length: 16 }, (_, n) =>
        n % 2 === 0
          ? client.get(eventsPath(organization.id, event.id)).header('cookie', cookie)
          : client
              .patch(eventsPath(organization.id, event.id))
              .header('cookie', cookie)
              .json({ name: `After ${n}` })
      )
    )
    assert.deepEqual(
      after.map((response) => response.status()),
      Array.from({ length: 16 }, () => 200)
    )

    assert.isAbove(answers.length, 10)
    assert.deepEqual(
      answers.filter(({ status }) => status !== 200),
      [],
      'every request answered 200'
    )
    // A request queued behind the migration's lock request waits at most lock_timeout.
    const slowest = Math.max(...answers.map(({ ms }) => ms))
    assert.isBelow(slowest, migrationSafety.lockTimeoutMs + 1000)
  }).timeout(60_000)
})
