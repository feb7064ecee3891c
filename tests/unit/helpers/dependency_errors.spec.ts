import { test } from '@japa/runner'
import { isDependencyUnavailable } from '#helpers/dependency_errors'

test.group('isDependencyUnavailable', () => {
  test('a transaction knex ended under us (its connection lost at BEGIN) is an outage: 503, not 500', ({
    assert,
  }) => {
    // What the next statement of such a transaction throws (knex/lib/execution/transaction.js).
    const ended = new Error(
      'Transaction query already complete, run with DEBUG=knex:tx for more info'
    )
    assert.isTrue(isDependencyUnavailable(ended))
    assert.isTrue(isDependencyUnavailable(new Error('Failed to create event', { cause: ended })))
  })

  test('a write that reached a standby (a failover in progress) is an outage', ({ assert }) => {
    const readOnly = Object.assign(new Error('cannot execute INSERT in a read-only transaction'), {
      code: '25006',
    })
    assert.isTrue(isDependencyUnavailable(readOnly))
  })

  test('a connection lost mid-statement is an outage; a bug is not', ({ assert }) => {
    assert.isTrue(isDependencyUnavailable(new Error('Connection terminated unexpectedly')))
    assert.isFalse(isDependencyUnavailable(new Error('column "nme" does not exist')))
    assert.isFalse(isDependencyUnavailable(new TypeError('Cannot read properties of undefined')))
  })
})
