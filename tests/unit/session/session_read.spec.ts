import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { MessageBuilder } from '@adonisjs/core/helpers'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { SessionRead, UserRequestQuota } from '#session/session_read'

const MINUTE = 60_000

/** A stored session of `userId` (or none), expiring `inMs` from now. */
async function storedSession(userId: string | null, inMs = 7 * 24 * 3600 * 1000) {
  const id = crypto.randomUUID()
  const data = new MessageBuilder().build({ auth_web: userId }, undefined, id)
  await db
    .table('sessions')
    .insert({ id, data, user_id: userId, expires_at: new Date(Date.now() + inMs) })
  return id
}

function quotaRow(userId: string) {
  return db.from('user_request_quotas').where('user_id', userId).first()
}

test.group('Session read', (group) => {
  group.each.setup(() => resetDatabase())

  test('reads the session with its user and consumes one request of the quota', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    const sessionId = await storedSession(user.id)
    const quota = new UserRequestQuota({ requests: 100, duration: '1 minute' })
    const now = Date.now()

    const read = new SessionRead(quota)
    const row = await read.session(sessionId, now)

    assert.isString(row?.data)
    assert.equal(read.userRow(user.id)?.email, user.email)
    assert.isUndefined(read.userRow(crypto.randomUUID()))
    assert.deepEqual(read.spentQuota(user.id), {
      userId: user.id,
      limit: 100,
      spent: 1,
      windowEndsAt: now + MINUTE,
    })
    assert.isUndefined(read.spentQuota(crypto.randomUUID()))

    // The next request's read, and a request counted apart (sessions in Redis), share the row.
    const next = new SessionRead(quota)
    await next.session(sessionId, now + 1000)
    assert.equal(next.spentQuota(user.id)?.spent, 2)
    const apart = await quota.consume(user.id, now + 2000)
    assert.equal(apart.spent, 3)
    const stored = await quotaRow(user.id)
    assert.equal(stored.spent, 3)
  })

  test('a window that has ended starts again at 1', async ({ assert }) => {
    const user = await UserFactory.create()
    const sessionId = await storedSession(user.id)
    const quota = new UserRequestQuota({ requests: 2, duration: 60 })
    const start = Date.now()
    await quota.consume(user.id, start)
    await quota.consume(user.id, start + 1)
    const third = await quota.consume(user.id, start + 2)
    assert.equal(third.spent, 3)

    const read = new SessionRead(quota)
    await read.session(sessionId, start + MINUTE)

    assert.deepEqual(read.spentQuota(user.id), {
      userId: user.id,
      limit: 2,
      spent: 1,
      windowEndsAt: start + 2 * MINUTE,
    })
  })

  test('an expired session, or one without a user, has no user and spends nothing', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    const quota = new UserRequestQuota({ requests: 100, duration: '1 minute' })

    const expired = new SessionRead(quota)
    const row = await expired.session(await storedSession(user.id, -1000))
    assert.isBelow(row!.expiresAt, Date.now())
    assert.isUndefined(expired.userRow(user.id))
    assert.isUndefined(expired.spentQuota(user.id))

    const anonymous = new SessionRead(quota)
    assert.isNotNull(await anonymous.session(await storedSession(null)))
    assert.isNull(await anonymous.session(crypto.randomUUID()))
    assert.isNull(await quotaRow(user.id))
  })

  test('without a quota of its own (limiter elsewhere), reads the user and writes nothing', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    const read = new SessionRead()

    await read.session(await storedSession(user.id))

    assert.equal(read.userRow(user.id)?.id, user.id)
    assert.isUndefined(read.spentQuota(user.id))
    assert.isNull(await quotaRow(user.id))
  })

  test("a user's quota goes with the user", async ({ assert }) => {
    const user = await UserFactory.create()
    await new UserRequestQuota({ requests: 100, duration: '1 minute' }).consume(user.id)

    await user.delete()

    assert.isNull(await quotaRow(user.id))
  })

  test('records whether the store moved the expiry', ({ assert }) => {
    const read = new SessionRead()
    assert.isUndefined(read.expiryMoved)
    read.noteTouch(false)
    assert.isFalse(read.expiryMoved)
  })

  test("tells whether the store's expiry is due to move, as the store noted it at its read", ({
    assert,
  }) => {
    const hourMs = 60 * 60 * 1000
    const ttlSeconds = 7 * 24 * 60 * 60
    const read = new SessionRead()
    assert.isUndefined(read.extensionDue())

    // Pushed 10 minutes ago: not due before an hour.
    read.noteExpiry(Date.now() + ttlSeconds * 1000 - 10 * 60 * 1000, ttlSeconds, hourMs)
    assert.isFalse(read.extensionDue())

    // Pushed 61 minutes ago: due.
    read.noteExpiry(Date.now() + ttlSeconds * 1000 - 61 * 60 * 1000, ttlSeconds, hourMs)
    assert.isTrue(read.extensionDue())
  })
})
