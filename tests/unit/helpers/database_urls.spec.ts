import { test } from '@japa/runner'
import { databaseAddress, parseDatabaseUrls } from '#helpers/database_urls'
import { walPosition, walReached } from '#helpers/wal_positions'

test.group('Replica settings and WAL positions', () => {
  test('DATABASE_REPLICA_URL: comma-separated PostgreSQL URLs, each checked', ({ assert }) => {
    assert.deepEqual(parseDatabaseUrls('DATABASE_REPLICA_URL'), [])
    assert.deepEqual(
      parseDatabaseUrls(
        'DATABASE_REPLICA_URL',
        'postgres://app:secret@10.0.0.2:5432/events, postgresql://app@replica-b/events'
      ),
      ['postgres://app:secret@10.0.0.2:5432/events', 'postgresql://app@replica-b/events']
    )
  })

  test('a wrong entry is refused by its place, its password never quoted', ({ assert }) => {
    for (const value of [
      'mysql://app:hunter2@db/events',
      'postgres://app:hunter2@db/events,hunter2',
      'not a url hunter2',
    ]) {
      const error = assert.throws(() => parseDatabaseUrls('DATABASE_REPLICA_URL', value))
      assert.match(
        String(error),
        /Invalid env variable "DATABASE_REPLICA_URL": entry \d is not a PostgreSQL URL/
      )
      assert.notInclude(String(error), 'hunter2')
    }
  })

  test('a replica is labelled host:port, never with its credentials', ({ assert }) => {
    assert.equal(
      databaseAddress({ connectionString: 'postgres://app:secret@10.0.0.2:6432/events' }),
      '10.0.0.2:6432'
    )
    assert.equal(
      databaseAddress({ connectionString: 'postgres://app:secret@replica/events' }),
      'replica:5432'
    )
    assert.equal(databaseAddress({ host: 'replica', port: 5433 }), 'replica:5433')
  })

  test('WAL positions compare as PostgreSQL orders them', ({ assert }) => {
    assert.equal(walPosition('0/3000148'), 0x3000148n)
    assert.equal(walPosition('16/B374D848'), (0x16n << 32n) | 0xb374d848n)
    assert.isTrue(walPosition('1/0')! > walPosition('0/FFFFFFFF')!)
    assert.isNull(walPosition(null))
    assert.isNull(walPosition('garbage'))
  })

  test('a standby at a page boundary has reached the position just past that page header', ({
    assert,
  }) => {
    // After a WAL switch the insert position is past the new segment's long header (40 bytes).
    assert.isTrue(walReached(0x3000000n, 0x3000028n))
    // After a record that filled a page: past a short header (24 bytes).
    assert.isTrue(walReached(0x3002000n, 0x3002018n))
    assert.isTrue(walReached(0x3000148n, 0x3000148n))
    assert.isTrue(walReached(0x3000150n, 0x3000148n))
    // Short of a record, or short of a boundary: not reached.
    assert.isFalse(walReached(0x3000140n, 0x3000148n))
    assert.isFalse(walReached(0x3000000n, 0x3000030n + 0x20n))
    assert.isFalse(walReached(0x2fffff8n, 0x3000028n))
  })
})
