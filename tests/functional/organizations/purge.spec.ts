import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import type User from '#models/user'
import JobQueue from '#services/jobs/job_queue'
import OrganizationPurge from '#services/organizations/organization_purge'
import { jobs } from '#config/jobs'
import { resetDatabase } from '#tests/helpers/database'
import { addMember, sessionCookieFor } from '#tests/helpers/accounts'
import { NOT_A_MEMBER } from '#tests/helpers/organizations'
import { runPurges, settledJobs, startWorker } from '#tests/helpers/jobs'

/** The tables a purge empties, with what the seed puts in each per organization. */
const SEEDED = {
  events: 1200,
  event_addresses: 1200,
  organization_audit_entries: 1100,
  organization_members: 41,
  organization_invitations: 20,
  idempotency_keys: 600,
}

/**
 * An organization of `owner` large enough for several batches per table,
 * written by SQL: events with their addresses, audit entries, 40 more
 * members, pending invitations, and idempotency records of its events.
 */
async function largeOrganization(owner: User, events = SEEDED.events) {
  const organization = await OrganizationFactory.create()
  await addMember(organization, owner, 'owner')
  const id = organization.id
  await db.rawQuery(
    `INSERT INTO events (id, organization_id, name, status, metadata, created_at, updated_at)
     SELECT gen_random_uuid(), ?, 'Event ' || n, 'PLANNED', '{}', now(), now()
       FROM generate_series(1, ?) n`,
    [id, events]
  )
  await db.rawQuery(
    `INSERT INTO event_addresses (event_id, city, created_at, updated_at)
     SELECT id, 'Montréal', now(), now() FROM events WHERE organization_id = ?`,
    [id]
  )
  await db.rawQuery(
    `INSERT INTO organization_audit_entries
       (id, organization_id, action, actor_id, target_type, target_id, details, occurred_at)
     SELECT gen_random_uuid(), ?, 'organization.renamed', ?, 'organization', ?, '{}', now()
       FROM generate_series(1, ?) n`,
    [id, owner.id, id, SEEDED.organization_audit_entries]
  )
  await db.rawQuery(
    `WITH people AS (
       INSERT INTO users (id, email, password, created_at, updated_at)
       SELECT gen_random_uuid(), 'member-' || n || '-' || ? || '@example.com', 'x', now(), now()
         FROM generate_series(1, 40) n
       RETURNING id)
     INSERT INTO organization_members (organization_id, user_id, role, created_at)
     SELECT ?, id, 'member', now() FROM people`,
    [id, id]
  )
  await db.rawQuery(
    `INSERT INTO organization_invitations
       (id, organization_id, email, hash, role, invited_by, expires_at, created_at)
     SELECT gen_random_uuid(), ?, 'guest-' || n || '@example.com', 'x', 'member', ?,
            now() + interval '7 days', now()
       FROM generate_series(1, ?) n`,
    [id, owner.id, SEEDED.organization_invitations]
  )
  await db.rawQuery(
    `INSERT INTO idempotency_keys
       (user_id, key, request_hash, claim, organization_id, response_status, response_body, created_at)
     SELECT ?, ? || '-' || n, 'h', gen_random_uuid(), ?, 201,
            jsonb_build_object('data', jsonb_build_object('organizationId', ?::text)), now()
       FROM generate_series(1, ?) n`,
    [owner.id, id, id, id, SEEDED.idempotency_keys]
  )
  return id
}

/** Rows of each purged table that still belong to the organization. */
async function rowsOf(organizationId: string) {
  const { rows } = await db.rawQuery(
    `SELECT (SELECT count(*) FROM events WHERE organization_id = :id)::int AS events,
            (SELECT count(*) FROM event_addresses a JOIN events e ON e.id = a.event_id
              WHERE e.organization_id = :id)::int AS event_addresses,
            (SELECT count(*) FROM organization_audit_entries WHERE organization_id = :id)::int
              AS organization_audit_entries,
            (SELECT count(*) FROM organization_members WHERE organization_id = :id)::int
              AS organization_members,
            (SELECT count(*) FROM organization_invitations WHERE organization_id = :id)::int
              AS organization_invitations,
            (SELECT count(*) FROM idempotency_keys
              WHERE organization_id = :id)::int
              AS idempotency_keys,
            (SELECT count(*) FROM organizations WHERE id = :id)::int AS organizations`,
    { id: organizationId }
  )
  return rows[0] as Record<string, number>
}

/** Rows of one table still belonging to the organization. */
async function left(organizationId: string, table: string) {
  const rows = await rowsOf(organizationId)
  return rows[table]
}

/**
 * Records every row deleted from the purged tables (the whole row as its
 * key) with the transaction that deleted it (statement triggers, in a
 * schema of the test's own that no table count sees), so a test can tell
 * rows, batches and transactions apart.
 */
async function recordDeletions() {
  await db.rawQuery(`
    CREATE SCHEMA purge_test;
    CREATE TABLE purge_test.deletions (tbl text NOT NULL, key text NOT NULL, tx bigint NOT NULL);
    CREATE FUNCTION purge_test.record() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO purge_test.deletions
        SELECT TG_TABLE_NAME, to_jsonb(gone)::text, txid_current() FROM gone;
      RETURN NULL;
    END $$;`)
  const tables = Object.keys(SEEDED)
  for (const table of tables) {
    await db.rawQuery(
      `CREATE TRIGGER purge_test_${table} AFTER DELETE ON ${table}
         REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION purge_test.record()`
    )
  }
  return {
    /** Per table: rows deleted, distinct rows, transactions, and the most rows in one transaction. */
    async summary() {
      const { rows } = await db.rawQuery(
        `SELECT tbl, sum(n)::int AS deleted, max(n)::int AS largest, count(*)::int AS transactions,
                (SELECT count(DISTINCT key) FROM purge_test.deletions d WHERE d.tbl = t.tbl)::int
                  AS distinct_rows
           FROM (SELECT tbl, tx, count(*) AS n FROM purge_test.deletions GROUP BY tbl, tx) t
          GROUP BY tbl`
      )
      return Object.fromEntries(rows.map((row: Record<string, any>) => [row.tbl, row]))
    },
    async drop() {
      for (const table of tables) {
        await db.rawQuery(`DROP TRIGGER IF EXISTS purge_test_${table} ON ${table}`)
      }
      await db.rawQuery('DROP SCHEMA IF EXISTS purge_test CASCADE')
    },
  }
}

async function deleteOrganization(client: ApiClient, owner: User, id: string) {
  const response = await client
    .delete(`/organizations/${id}`)
    .header('cookie', await sessionCookieFor(client, owner))
  response.assertStatus(204)
}

test.group('Organizations purge', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    await db.rawQuery('DROP SCHEMA IF EXISTS purge_test CASCADE')
  })

  test('a large organization goes in small transactions, every row of it once', async ({
    client,
    assert,
  }) => {
    const owner = await UserFactory.create()
    const id = await largeOrganization(owner)
    const kept = await largeOrganization(owner, 10)
    const keptBefore = await rowsOf(kept)
    const deletions = await recordDeletions()

    await deleteOrganization(client, owner, id)
    const before = await rowsOf(id)
    const [job] = await runPurges()

    assert.equal(job.state, 'completed')
    assert.deepEqual(before, { ...SEEDED, organizations: 1 })
    assert.deepEqual(await rowsOf(id), {
      ...Object.fromEntries(Object.keys(SEEDED).map((table) => [table, 0])),
      organizations: 0,
    })
    const summary = await deletions.summary()
    for (const [table, count] of Object.entries(SEEDED)) {
      assert.equal(summary[table].deleted, count, table)
      assert.equal(summary[table].distinct_rows, count, table)
      assert.isAtMost(summary[table].largest, jobs.purgeBatchSize, table)
    }
    // Each batch of events takes its addresses in its own transaction: three of each.
    assert.equal(summary.events.transactions, Math.ceil(SEEDED.events / jobs.purgeBatchSize))
    assert.equal(summary.event_addresses.transactions, summary.events.transactions)
    assert.deepEqual(await rowsOf(kept), keptBefore)
    await deletions.drop()
  })

  test('a purge that fails after its first batch resumes on its retry and finishes', async ({
    client,
    assert,
  }) => {
    const owner = await UserFactory.create()
    const id = await largeOrganization(owner)
    await deleteOrganization(client, owner, id)
    // A worker whose process "dies" once its first batch is committed.
    const purge = await app.container.make(OrganizationPurge)
    const crashing = new JobQueue('send', logger, (binding) => app.container.make(binding))
    await crashing.start()
    await crashing.boss.work<{ organizationId: string }>('organization-purge', ([job]) =>
      purge.run(job.data.organizationId, {
        onBatch: () => {
          throw new Error('the worker died')
        },
      })
    )

    const [interrupted] = await settledRetry(crashing, id)
    await crashing.stop()

    assert.equal(interrupted.state, 'retry')
    assert.equal(await left(id, 'events'), SEEDED.events - jobs.purgeBatchSize)
    const member = await client
      .get(`/organizations/${id}/events`)
      .header('cookie', await sessionCookieFor(client, owner))
    member.assertStatus(403)
    member.assertBody(NOT_A_MEMBER)

    // Its retry waits out the backoff; an operator (here the test) may bring it forward.
    const worker = await startWorker()
    await worker.boss.update('organization-purge', undefined, {
      id: interrupted.id,
      startAfter: new Date(),
    })
    const [done] = await settledJobs(worker, 'organization-purge')
    await worker.stop()

    assert.equal(done.state, 'completed')
    assert.equal(done.retryCount, 1)
    assert.deepEqual(Object.values(await rowsOf(id)), [0, 0, 0, 0, 0, 0, 0])
  })

  test('a worker stopped midway (SIGTERM) leaves the rest to the next one, which finishes', async ({
    client,
    assert,
  }) => {
    const owner = await UserFactory.create()
    const id = await largeOrganization(owner, 40_000)
    await deleteOrganization(client, owner, id)
    const first = await startWorker()
    // Stopped as soon as its first batch shows.
    while ((await left(id, 'events')) === 40_000) await new Promise((r) => setTimeout(r, 10))
    await first.stop()

    const second = await startWorker()
    const [stopped] = await second.boss.findJobs('organization-purge')
    const remaining = await left(id, 'events')
    assert.equal(stopped.state, 'retry')
    assert.isAbove(remaining, 0)
    assert.isBelow(remaining, 40_000)

    await second.boss.update('organization-purge', undefined, {
      id: stopped.id,
      startAfter: new Date(),
    })
    const [done] = await settledJobs(second, 'organization-purge')
    await second.stop()

    assert.equal(done.state, 'completed')
    assert.deepEqual(Object.values(await rowsOf(id)), [0, 0, 0, 0, 0, 0, 0])
  }).timeout(60_000)

  test('two instances on one database: one job per organization, every row deleted once', async ({
    client,
    assert,
  }) => {
    const owner = await UserFactory.create()
    const ids = [
      await largeOrganization(owner),
      await largeOrganization(owner),
      await largeOrganization(owner),
    ]
    const deletions = await recordDeletions()
    const instances = [await startWorker(), await startWorker()]

    for (const id of ids) await deleteOrganization(client, owner, id)
    const done = await settledJobs(instances[0], 'organization-purge')
    for (const instance of instances) await instance.stop()

    assert.lengthOf(done, 3)
    assert.sameMembers(
      done.map((job) => (job.data as { organizationId: string }).organizationId),
      ids
    )
    for (const job of done) {
      assert.equal(job.state, 'completed')
      assert.equal(job.retryCount, 0)
    }
    const summary = await deletions.summary()
    for (const [table, count] of Object.entries(SEEDED)) {
      assert.equal(summary[table].deleted, count * 3, table)
      assert.equal(summary[table].distinct_rows, count * 3, table)
      assert.isAtMost(summary[table].largest, jobs.purgeBatchSize, table)
    }
    for (const id of ids) assert.equal(await left(id, 'organizations'), 0)
    await deletions.drop()
  })

  test('two runs of one purge at once (a claim retried elsewhere) never take the same batch', async ({
    client,
    assert,
  }) => {
    const owner = await UserFactory.create()
    const id = await largeOrganization(owner, 3000)
    await deleteOrganization(client, owner, id)
    const taken: Record<'a' | 'b', string[]> = { a: [], b: [] }
    const purge = await app.container.make(OrganizationPurge)
    const run = (name: 'a' | 'b') =>
      purge.run(id, {
        onBatch: (table, keys) => {
          if (table === 'events') taken[name].push(...keys)
        },
      })

    await Promise.all([run('a'), run('b')])

    const all = [...taken.a, ...taken.b]
    assert.lengthOf(all, 3000)
    assert.lengthOf(new Set(all), 3000)
    assert.isAbove(taken.a.length, 0)
    assert.isAbove(taken.b.length, 0)
    assert.deepEqual(Object.values(await rowsOf(id)), [0, 0, 0, 0, 0, 0, 0])
  })

  test('an organization left deleted with no purge queued is enqueued again by the sweep', async ({
    client,
    assert,
  }) => {
    const owner = await UserFactory.create()
    const id = await largeOrganization(owner, 10)
    await deleteOrganization(client, owner, id)
    // Its job is lost (out of retries and deleted, or dropped while no worker ran).
    await db.rawQuery(`DELETE FROM ${jobs.schema}.job`)
    const worker = await startWorker(['organization-purge-sweep', 'organization-purge'])

    await worker.send('organization-purge-sweep', null)
    const [sweep] = await settledJobs(worker, 'organization-purge-sweep')
    const [purge] = await settledJobs(worker, 'organization-purge', { organizationId: id })
    await worker.stop()

    assert.equal(sweep.state, 'completed')
    assert.equal(purge.state, 'completed')
    assert.equal(await left(id, 'organizations'), 0)
  })
})

/** The purge job of `organizationId` once its first attempt has failed (polled). */
async function settledRetry(queue: JobQueue, organizationId: string) {
  for (;;) {
    const found = await queue.boss.findJobs('organization-purge', { data: { organizationId } })
    if (found[0]?.state === 'retry') return found
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
