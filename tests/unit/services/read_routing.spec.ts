import { test } from '@japa/runner'
import ReadRouting, { type Read } from '#services/platform/replicas/read_routing'

const SETTINGS = { maxLagMs: 1000, timeoutMs: 200, pollIntervalMs: 250 }

/** A routing over one replica, set as a poll would leave it: fit, replayed to 0/100, data fresh. */
function routingWithFitReplica() {
  const routing = new ReadRouting(
    [
      {
        name: 'replica_1',
        label: 'standby:5432',
        connection: {
          connectionString: 'postgres://app@standby/events',
          keepAlive: true,
          connectionTimeoutMillis: SETTINGS.timeoutMs,
          statement_timeout: SETTINGS.timeoutMs,
          query_timeout: SETTINGS.timeoutMs,
        },
      },
    ],
    SETTINGS
  )
  const [replica] = routing.replicas
  replica.condition = 'fit'
  replica.usable = true
  replica.replayed = 0x100n
  replica.dataAsOf = Date.now()
  return { routing, replica }
}

/** A read answering where it ran; on the replica, as `onReplica` says. */
function readAnswering(onReplica: () => Promise<string> = async () => 'replica'): Read<string> {
  return (connection) => (connection === 'replica_1' ? onReplica() : Promise.resolve('primary'))
}

test.group('Read routing', () => {
  test('without a reader, or without replicas, the primary answers and nothing is counted', async ({
    assert,
  }) => {
    const { routing } = routingWithFitReplica()
    assert.equal(await routing.read({}, readAnswering()), 'primary')
    const none = new ReadRouting([], SETTINGS)
    assert.isFalse(none.enabled)
    assert.equal(
      await none.read({ replicaFor: { readAfterLsn: null } }, readAnswering()),
      'primary'
    )
    assert.equal(routing.counts.size + none.counts.size, 0)
  })

  test('a fit replica serves an account whose last change it has replayed', async ({ assert }) => {
    const { routing } = routingWithFitReplica()
    assert.equal(
      await routing.read({ replicaFor: { readAfterLsn: null } }, readAnswering()),
      'replica'
    )
    assert.equal(
      await routing.read({ replicaFor: { readAfterLsn: '0/100' } }, readAnswering(), 2),
      'replica'
    )
    assert.deepEqual([...routing.counts], [['replica:fit', 3]])
  })

  test('read your writes: a replica short of the account’s last change leaves it to the primary', async ({
    assert,
  }) => {
    const { routing } = routingWithFitReplica()
    assert.equal(
      await routing.read({ replicaFor: { readAfterLsn: '0/101' } }, readAnswering()),
      'primary'
    )
    assert.equal(
      await routing.read({ replicaFor: { readAfterLsn: '1/0' } }, readAnswering()),
      'primary'
    )
    assert.deepEqual([...routing.counts], [['primary:read_your_writes', 2]])
  })

  test('data older than the bound, or a replica not fit, is never read', async ({ assert }) => {
    const { routing, replica } = routingWithFitReplica()
    replica.dataAsOf = Date.now() - SETTINGS.maxLagMs - 1
    assert.equal(
      await routing.read({ replicaFor: { readAfterLsn: null } }, readAnswering()),
      'primary'
    )
    replica.dataAsOf = Date.now()
    replica.markDown()
    assert.equal(
      await routing.read({ replicaFor: { readAfterLsn: null } }, readAnswering()),
      'primary'
    )
    assert.deepEqual(
      [...routing.counts],
      [
        ['primary:lagging', 1],
        ['primary:unavailable', 1],
      ]
    )
  })

  test('a query failing on the replica is answered by the primary, and the replica set aside', async ({
    assert,
  }) => {
    const { routing, replica } = routingWithFitReplica()
    const conflict = Object.assign(new Error('canceling statement due to conflict with recovery'), {
      code: '40001',
    })
    const failing = readAnswering(() => Promise.reject(conflict))
    assert.equal(await routing.read({ replicaFor: { readAfterLsn: null } }, failing), 'primary')
    assert.isFalse(replica.usable)
    assert.equal(
      await routing.read({ replicaFor: { readAfterLsn: null } }, readAnswering()),
      'primary'
    )
    assert.deepEqual(
      [...routing.counts],
      [
        ['primary:replica_failed', 1],
        ['primary:unavailable', 1],
      ]
    )
  })

  test('a replica that does not answer within REPLICA_TIMEOUT_MS is left for the primary', async ({
    assert,
  }) => {
    const { routing } = routingWithFitReplica()
    const hanging = readAnswering(() => new Promise(() => {}))
    assert.equal(await routing.read({ replicaFor: { readAfterLsn: null } }, hanging), 'primary')
    assert.deepEqual([...routing.counts], [['primary:replica_failed', 1]])
  })

  test('the signed-in account’s row: the primary, and a fit replica only while the primary is out of reach', async ({
    assert,
  }) => {
    const { routing, replica } = routingWithFitReplica()
    assert.equal(await routing.primaryFirst(readAnswering()), 'primary')
    assert.equal(routing.counts.size, 0)

    const lost = new Error('Connection terminated unexpectedly')
    const primaryLost: Read<string> = (connection) =>
      connection === 'replica_1' ? Promise.resolve('replica') : Promise.reject(lost)
    assert.equal(await routing.primaryFirst(primaryLost), 'replica')
    assert.equal(routing.counts.get('replica:primary_unavailable'), 1)

    // A bug is not an outage: it is not hidden by a replica.
    const bug = new Error('column "nope" does not exist')
    await assert.rejects(
      () =>
        routing.primaryFirst((connection) =>
          connection ? Promise.resolve('replica') : Promise.reject(bug)
        ),
      /nope/
    )
    // No fit replica, or one failing too: the primary's error stands.
    replica.condition = 'down'
    replica.usable = false
    await assert.rejects(() => routing.primaryFirst(primaryLost), /Connection terminated/)
    const none = new ReadRouting([], SETTINGS)
    await assert.rejects(() => none.primaryFirst(primaryLost), /Connection terminated/)
  })
})
