import { test } from '@japa/runner'
import { setTimeout } from 'node:timers/promises'
import type { Logger } from '@adonisjs/core/logger'
import DependencyOutages from '#services/platform/dependency_outages'

/** A logger that keeps its warnings. */
function recordingLogger() {
  const warnings: { fields: Record<string, unknown>; message: string }[] = []
  const logger = {
    warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }),
    info: () => {},
  } as unknown as Logger
  return { logger, warnings }
}

test.group('Dependency outages', () => {
  test('a dependency that flaps before it settles is one outage: one warning as it starts, one once it stays up', async ({
    assert,
  }) => {
    const { logger, warnings } = recordingLogger()
    const outages = new DependencyOutages(logger)
    outages.down('postgresql', new Error('Connection terminated unexpectedly\n    at stack'))
    outages.up('postgresql')
    assert.isFalse(outages.isDown('postgresql'), 'answers follow the dependency at once')
    outages.down('postgresql', new Error('Connection terminated unexpectedly'))
    assert.isTrue(outages.isDown('postgresql'))
    outages.up('postgresql')
    assert.deepEqual(
      warnings.map(({ message }) => message),
      ['postgresql unreachable: answering 503 until it is back']
    )
    assert.equal(warnings[0].fields.reason, 'Connection terminated unexpectedly')

    await setTimeout(1300)
    assert.deepEqual(
      warnings.map(({ message }) => message.replace(/\d+ ms/, 'N ms')),
      ['postgresql unreachable: answering 503 until it is back', 'postgresql is back after N ms']
    )
    assert.deepEqual(outages.dependencies(), [{ name: 'postgresql', up: true, outages: 1 }])

    // Once settled, a new loss is a new outage.
    outages.down('postgresql')
    assert.lengthOf(warnings, 3)
    assert.equal(outages.dependencies()[0].outages, 2)
  })
})
