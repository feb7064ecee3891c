import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { validate, version } from 'uuid'
import UuidV7Pool from '#services/platform/uuid_v7_pool'

/** The milliseconds a v7 id carries in its first 48 bits. */
function millisecondsOf(id: string) {
  return Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)
}

test.group('UuidV7Pool', () => {
  test('ids are UUID v7 of the current millisecond, none twice across several refills', ({
    assert,
  }) => {
    const pool = new UuidV7Pool()
    const before = Date.now()
    const ids = Array.from({ length: 1000 }, () => pool.next())
    const after = Date.now()

    assert.equal(new Set(ids).size, ids.length)
    for (const id of ids) {
      assert.isTrue(validate(id), id)
      assert.equal(version(id), 7)
      assert.match(id, /^[0-9a-f-]{36}$/)
      assert.isAtLeast(millisecondsOf(id), before)
      assert.isAtMost(millisecondsOf(id), after)
    }
  })

  test('two pools draw different random bytes', ({ assert }) => {
    const randomPart = (id: string) => id.replaceAll('-', '').slice(12)
    assert.notEqual(randomPart(new UuidV7Pool().next()), randomPart(new UuidV7Pool().next()))
  })

  test('the container gives one pool per process', async ({ assert }) => {
    assert.strictEqual(await app.container.make(UuidV7Pool), await app.container.make(UuidV7Pool))
  })
})
