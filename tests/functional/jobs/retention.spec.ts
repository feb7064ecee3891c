import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import type User from '#models/user'
import Retention from '#services/platform/retention'
import { QUEUES } from '#services/jobs/queues'
import { jobs } from '#config/jobs'
import { resetDatabase } from '#tests/helpers/database'
import { settledJobs, startWorker } from '#tests/helpers/jobs'

/** An idempotency record of `user`, `hoursAgo` old; `answered` false: a claim still running. */
function idempotencyRecord(user: User, key: string, hoursAgo: number, answered = true) {
  return db.table('idempotency_keys').insert({
    user_id: user.id,
    key,
    request_hash: 'h',
    claim: randomUUID(),
    response_status: answered ? 201 : null,
    response_body: answered ? JSON.stringify({ data: {} }) : null,
    created_at: db.raw(`now() - make_interval(hours => ?)`, [hoursAgo]),
  })
}

/** `minutes` from now: negative is in the past. */
function inMinutes(minutes: number) {
  return db.raw(`now() + make_interval(mins => ?)`, [minutes])
}

/** Sessions, account tokens, login and WebAuthn challenges: one past its end and one live of each. */
async function sessionsAndTokens(user: User) {
  for (const [id, minutes] of [
    ['expired-session', -1],
    ['live-session', 60],
  ] as const) {
    await db
      .table('sessions')
      .insert({ id, data: '{}', user_id: user.id, expires_at: inMinutes(minutes) })
  }
  for (const [hash, minutes] of [
    ['expired-token', -1],
    ['live-token', 60],
  ] as const) {
    await db.table('account_tokens').insert({
      id: randomUUID(),
      user_id: user.id,
      purpose: 'password_reset',
      hash,
      expires_at: inMinutes(minutes),
      created_at: inMinutes(-90),
    })
  }
  for (const [failed, minutes, completed] of [
    [1, -1, false],
    [2, 5, true],
    [3, 5, false],
  ] as const) {
    await db.table('login_challenges').insert({
      id: randomUUID(),
      user_id: user.id,
      failed_attempts: failed,
      expires_at: inMinutes(minutes),
      completed_at: completed ? inMinutes(-1) : null,
      created_at: inMinutes(-10),
    })
  }
  for (const [challenge, minutes] of [
    ['expired-challenge', -1],
    ['live-challenge', 5],
  ] as const) {
    await db.table('webauthn_challenges').insert({
      id: randomUUID(),
      user_id: null,
      purpose: 'authentication',
      challenge,
      expires_at: inMinutes(minutes),
      created_at: inMinutes(-10),
    })
  }
}

/** What is left of them. */
async function leftOfSessionsAndTokens() {
  const pluck = async (table: string, column: string) => {
    const rows = await db.from(table).orderBy(column).select(column)
    return rows.map((row) => row[column])
  }
  return {
    sessions: await pluck('sessions', 'id'),
    accountTokens: await pluck('account_tokens', 'hash'),
    loginChallenges: await pluck('login_challenges', 'failed_attempts'),
    webauthnChallenges: await pluck('webauthn_challenges', 'challenge'),
  }
}

test.group('Jobs retention', (group) => {
  let retention: Retention
  group.setup(async () => {
    retention = await app.container.make(Retention)
  })
  group.each.setup(() => resetDatabase())

  test('idempotency records go past their 24 h, answered or abandoned; younger ones stay', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    await idempotencyRecord(user, 'day-old', 25)
    await idempotencyRecord(user, 'abandoned', 25, false)
    await idempotencyRecord(user, 'recent', 23)
    await idempotencyRecord(user, 'running', 0, false)

    const deleted = await retention.idempotencyRecords()

    assert.equal(deleted, 2)
    const left = await db.from('idempotency_keys').orderBy('key').select('key')
    assert.deepEqual(
      left.map((row) => row.key),
      ['recent', 'running']
    )
  })

  test('many of them go in batches, all of them', async ({ assert }) => {
    const user = await UserFactory.create()
    await db.rawQuery(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, claim, created_at)
       SELECT ?, 'k-' || n, 'h', gen_random_uuid(), now() - interval '2 days'
         FROM generate_series(1, ?) n`,
      [user.id, jobs.retentionBatchSize * 2 + 7]
    )
    await idempotencyRecord(user, 'recent', 1)

    assert.equal(await retention.idempotencyRecords(), jobs.retentionBatchSize * 2 + 7)
    assert.lengthOf(await db.from('idempotency_keys'), 1)
  })

  test('expired sessions, expired tokens, expired or finished challenges go; live ones stay', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    await sessionsAndTokens(user)

    const deleted = await retention.sessionsAndTokens()

    assert.deepEqual(deleted, {
      sessions: 1,
      accountTokens: 1,
      loginChallenges: 2,
      webauthnChallenges: 1,
    })
    assert.deepEqual(await leftOfSessionsAndTokens(), {
      sessions: ['live-session'],
      accountTokens: ['live-token'],
      loginChallenges: [3],
      webauthnChallenges: ['live-challenge'],
    })
  })

  test('audit entries: kept without AUDIT_RETENTION_DAYS; past it, only the older ones go', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    const organization = await OrganizationFactory.create()
    for (const days of [400, 31, 29, 0]) {
      await db.table('organization_audit_entries').insert({
        id: randomUUID(),
        organization_id: organization.id,
        action: 'organization.renamed',
        actor_id: user.id,
        target_type: 'organization',
        target_id: organization.id,
        details: JSON.stringify({ name: `${days} days ago` }),
        occurred_at: db.raw(`now() - make_interval(days => ?)`, [days]),
      })
    }
    const names = async () => {
      const rows = await db.from('organization_audit_entries').orderBy('occurred_at')
      return rows.map((row) => row.details.name)
    }

    assert.equal(await retention.auditEntries(undefined), 0)
    assert.lengthOf(await names(), 4)

    assert.equal(await retention.auditEntries(30), 2)
    assert.deepEqual(await names(), ['29 days ago', '0 days ago'])
  })

  test('run as background jobs on their cron schedules (UTC); audit retention scheduled only when set', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    await sessionsAndTokens(user)
    await idempotencyRecord(user, 'day-old', 25)
    const worker = await startWorker([
      'session-retention',
      'idempotency-retention',
      'audit-retention',
    ])

    try {
      const schedules = await worker.boss.getSchedules()
      assert.sameDeepMembers(
        schedules.map(({ name, cron, timezone }) => ({ name, cron, timezone })),
        [
          { name: 'session-retention', cron: jobs.schedules['session-retention'], timezone: 'UTC' },
          {
            name: 'idempotency-retention',
            cron: jobs.schedules['idempotency-retention'],
            timezone: 'UTC',
          },
        ]
      )
      assert.isUndefined(QUEUES['audit-retention'].schedule)

      await worker.send('session-retention', null)
      await worker.send('idempotency-retention', null)
      const [sessions] = await settledJobs(worker, 'session-retention')
      const [records] = await settledJobs(worker, 'idempotency-retention')

      assert.equal(sessions.state, 'completed')
      assert.equal(records.state, 'completed')
      const left = await leftOfSessionsAndTokens()
      assert.deepEqual(left.sessions, ['live-session'])
      assert.lengthOf(await db.from('idempotency_keys'), 0)
    } finally {
      await worker.stop()
    }
  })
})
