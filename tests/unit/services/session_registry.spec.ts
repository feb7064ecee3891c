import { test } from '@japa/runner'
import { SessionCollection } from '@adonisjs/session'
import type { SessionData, SessionStoreWithTaggingContract } from '@adonisjs/session/types'
import SessionRegistry from '#services/accounts/session_registry'
import { publicSessionId } from '#helpers/session_devices'

/**
 * A tagging store with the Redis store's semantics (a set of session ids per
 * user, which destroying a session does not update), in memory: the suite
 * runs without a Redis server.
 */
class SetTaggingStore implements SessionStoreWithTaggingContract {
  sessions = new Map<string, SessionData>()
  tags = new Map<string, Set<string>>()
  read(id: string) {
    return this.sessions.get(id) ?? null
  }
  write(id: string, values: SessionData) {
    this.sessions.set(id, values)
  }
  destroy(id: string) {
    this.sessions.delete(id)
  }
  touch() {}
  tag(id: string, userId: string | number) {
    const ids = this.tags.get(String(userId)) ?? new Set()
    this.tags.set(String(userId), ids.add(id))
  }
  untag(id: string, userId: string | number) {
    this.tags.get(String(userId))?.delete(id)
  }
  tagged(userId: string | number) {
    const ids = [...(this.tags.get(String(userId)) ?? [])]
    return ids.flatMap((id) => {
      const data = this.sessions.get(id)
      return data ? [{ id, data }] : []
    })
  }
}

function registryOver(store: SetTaggingStore) {
  const collection = new SessionCollection({
    store: 'sets',
    stores: { sets: () => store },
  } as unknown as ConstructorParameters<typeof SessionCollection>[0])
  return new SessionRegistry(collection)
}

function signedIn(store: SetTaggingStore, id: string, userId: string, lastSeenAt: string) {
  store.write(id, {
    auth_web: userId,
    device: { createdAt: lastSeenAt, lastSeenAt, ipAddress: '10.0.0.1', userAgent: id },
  })
  store.tag(id, userId)
}

test.group('Session registry over a set-tagging store (Redis semantics)', () => {
  test('lists, ends one and ends all others by tag', async ({ assert }) => {
    const store = new SetTaggingStore()
    signedIn(store, 'laptop', 'ann', '2026-01-01T10:00:00.000Z')
    signedIn(store, 'phone', 'ann', '2026-01-01T11:00:00.000Z')
    signedIn(store, 'tablet', 'ann', '2026-01-01T09:00:00.000Z')
    signedIn(store, 'bobs', 'bob', '2026-01-01T12:00:00.000Z')
    // A tagged session later signed in as someone else is not Ann's any more.
    signedIn(store, 'shared', 'ann', '2026-01-01T08:00:00.000Z')
    signedIn(store, 'shared', 'bob', '2026-01-01T08:30:00.000Z')
    const registry = registryOver(store)

    const listed = await registry.list('ann', 'laptop')
    assert.deepEqual(
      listed.map(({ userAgent, current }) => [userAgent, current]),
      [
        ['phone', false],
        ['laptop', true],
        ['tablet', false],
      ]
    )
    assert.equal(listed[0].id, publicSessionId('phone'))

    assert.equal(await registry.end('ann', publicSessionId('phone')), 'phone')
    assert.isFalse(store.sessions.has('phone'))
    await assert.rejects(() => registry.end('ann', publicSessionId('bobs')))
    await assert.rejects(() => registry.end('ann', publicSessionId('shared')))

    await registry.endAll('ann', 'laptop')
    assert.deepEqual([...store.sessions.keys()].sort(), ['bobs', 'laptop', 'shared'])
  })
})
