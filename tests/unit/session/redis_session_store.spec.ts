import { test } from '@japa/runner'
import { MessageBuilder } from '@adonisjs/core/helpers'
import type { SessionData, SessionStoreWithTaggingContract } from '@adonisjs/session/types'
import type { Cluster, Redis } from 'ioredis'
import { RedisSessionStore } from '#session/redis_session_store'
import { SessionRead } from '#session/session_read'

const DAY = 24 * 3600
const HOUR_MS = 3600 * 1000

/**
 * What the store asks Redis, with the replies of a session stored `ageMs`
 * ago (or none). The suite runs where no Redis server exists; the store
 * against a real one is what `npm run bench -- --redis URL` exercises.
 */
function redisHolding(sessionId: string, data: SessionData | null, ageMs = 0) {
  const commands: string[] = []
  const contents = data && new MessageBuilder().build(data, undefined, sessionId)
  const pipeline = {
    get(key: string) {
      commands.push(`GET ${key}`)
      return pipeline
    },
    pttl(key: string) {
      commands.push(`PTTL ${key}`)
      return pipeline
    },
    async exec() {
      return [
        [null, contents],
        [null, contents ? 7 * DAY * 1000 - ageMs : -2],
      ]
    },
  }
  return { commands, connection: { pipeline: () => pipeline } as unknown as Redis | Cluster }
}

/** The package's own store, recording which of its commands were delegated. */
function frameworkStore() {
  const calls: string[] = []
  const record =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push(`${name} ${args.join(' ')}`)
      return [] as never
    }
  const store: SessionStoreWithTaggingContract = {
    read: record('read'),
    write: record('write'),
    destroy: record('destroy'),
    touch: record('touch'),
    tag: record('tag'),
    untag: record('untag'),
    tagged: record('tagged'),
  }
  return { calls, store }
}

test.group('Redis session store', () => {
  test('reads a session and its remaining lifetime in one pipeline', async ({ assert }) => {
    const redis = redisHolding('s1', { auth_web: 'u1' })
    const { store, calls } = frameworkStore()
    const sessions = new RedisSessionStore(store, redis.connection, 7 * DAY, HOUR_MS)

    assert.deepEqual(await sessions.read('s1'), { auth_web: 'u1' })
    assert.deepEqual(redis.commands, ['GET s1', 'PTTL s1'])
    assert.deepEqual(calls, [])
  })

  test('an unknown session, or one signed for another id, reads as none', async ({ assert }) => {
    const { store } = frameworkStore()
    const missing = redisHolding('s1', null)
    assert.isNull(
      await new RedisSessionStore(store, missing.connection, 7 * DAY, HOUR_MS).read('s1')
    )

    const foreign = redisHolding('s2', { auth_web: 'u1' })
    assert.isNull(
      await new RedisSessionStore(store, foreign.connection, 7 * DAY, HOUR_MS).read('s1')
    )
  })

  test('an unchanged session is not extended before refreshAfter has passed', async ({
    assert,
  }) => {
    const redis = redisHolding('s1', { auth_web: 'u1' }, 10 * 60 * 1000)
    const { store, calls } = frameworkStore()
    const read = new SessionRead()
    const sessions = new RedisSessionStore(store, redis.connection, 7 * DAY, HOUR_MS, read)

    await sessions.read('s1')
    assert.isFalse(read.extensionDue())
    await sessions.touch('s1')
    assert.deepEqual(calls, [])
    assert.isFalse(read.expiryMoved)
  })

  test('an unchanged session last extended over refreshAfter ago is extended', async ({
    assert,
  }) => {
    const redis = redisHolding('s1', { auth_web: 'u1' }, 2 * HOUR_MS)
    const { store, calls } = frameworkStore()
    const read = new SessionRead()
    const sessions = new RedisSessionStore(store, redis.connection, 7 * DAY, HOUR_MS, read)

    await sessions.read('s1')
    assert.isTrue(read.extensionDue())
    await sessions.touch('s1')
    assert.deepEqual(calls, ['touch s1'])
    assert.isTrue(read.expiryMoved)
  })

  test('writes, deletions and tags are the package store’s', async ({ assert }) => {
    const redis = redisHolding('s1', null)
    const { store, calls } = frameworkStore()
    const sessions = new RedisSessionStore(store, redis.connection, 7 * DAY, HOUR_MS)

    await sessions.write('s1', { auth_web: 'u1' })
    await sessions.tag('s1', 'u1')
    await sessions.untag('s1', 'u1')
    await sessions.tagged('u1')
    await sessions.destroy('s1')
    assert.deepEqual(calls, [
      'write s1 [object Object]',
      'tag s1 u1',
      'untag s1 u1',
      'tagged u1',
      'destroy s1',
    ])
  })
})
