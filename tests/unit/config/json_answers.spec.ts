import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { ServerConfig } from '@adonisjs/core/types/http'

/** The serializer the server writes every JSON answer with (config/app.ts). */
function serializer() {
  return app.config.get<ServerConfig>('app.http').serializeJSON
}

test.group('JSON answers', () => {
  test('are the text JSON.stringify writes', ({ assert }) => {
    const answer = {
      data: {
        id: 'e1',
        name: 'Ann\'s "party" \u2028 é 🎉',
        when: new Date(0),
        tags: ['a', null],
        n: 1.5,
      },
      meta: { nextCursor: null, skipped: undefined },
    }

    assert.equal(serializer()(answer), JSON.stringify(answer))
  })

  test('still come out for what JSON.stringify refuses: a BigInt, a cycle', ({ assert }) => {
    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic.self = cyclic

    assert.equal(serializer()({ count: 12n }), '{"count":"12"}')
    assert.equal(serializer()(cyclic), '{"name":"loop"}')
  })
})
