import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { appKey } from '#config/app'
import { resetDatabase } from '#tests/helpers/database'
import { secondInstance, sessionCookieFor } from '#tests/helpers/accounts'
import { AppProcess } from '#tests/helpers/app_process'

const TOO_MANY = {
  errors: [{ message: 'Too many requests', code: 'common.rate_limit.exceeded' }],
}

/** GET /auth/me on `instance` with `cookie`: status, limit headers and body. */
async function me(instance: AppProcess, cookie: string) {
  const response = await instance.fetch('/auth/me', { headers: { cookie } })
  return {
    status: response.status,
    limit: response.headers.get('x-ratelimit-limit'),
    remaining: response.headers.get('x-ratelimit-remaining'),
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  }
}

test.group("API limits: a user's quota, wherever it is counted", (group) => {
  let other: AppProcess
  let memoryLimiter: AppProcess
  group.setup(async () => {
    other = await secondInstance()
    memoryLimiter = await AppProcess.production({
      APP_KEY: appKey.release(),
      NODE_ENV: 'test',
      LIMITER_STORE: 'memory',
    })
    await memoryLimiter.start()
    return async () => {
      await other.kill()
      await memoryLimiter.kill()
    }
  })
  group.each.setup(() => resetDatabase())

  test('one budget across instances when sessions and counters are in PostgreSQL', async ({
    client,
    assert,
    db,
  }) => {
    const user = await UserFactory.create()
    const cookie = await sessionCookieFor(client, user)

    for (let request = 1; request <= 50; request++) {
      const response = await client.get('/auth/me').header('cookie', cookie)
      response.assertStatus(200)
    }
    for (let request = 51; request <= 100; request++) {
      const answer = await me(other, cookie)
      assert.equal(answer.status, 200)
      assert.equal(answer.remaining, String(100 - request))
    }

    const refused = await client.get('/auth/me').header('cookie', cookie)
    refused.assertStatus(429)
    refused.assertBody(TOO_MANY)
    refused.assertHeader('x-ratelimit-limit', '100')
    refused.assertHeader('x-ratelimit-remaining', '0')
    const retryAfter = Number(refused.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, 60)
    await db.assertHas('user_request_quotas', { user_id: user.id, spent: 101 })
  })

  test('with LIMITER_STORE=memory the limiter counts it, and nothing is written', async ({
    client,
    assert,
    db,
  }) => {
    const user = await UserFactory.create()
    const cookie = await sessionCookieFor(client, user)

    for (let request = 1; request <= 100; request++) {
      const answer = await me(memoryLimiter, cookie)
      assert.equal(answer.status, 200)
      assert.equal(answer.limit, '100')
      assert.equal(answer.remaining, String(100 - request))
    }
    const refused = await me(memoryLimiter, cookie)

    assert.equal(refused.status, 429)
    assert.deepEqual(refused.body, TOO_MANY)
    assert.equal(refused.limit, '100')
    assert.equal(refused.remaining, '0')
    assert.isAbove(Number(refused.retryAfter), 0)
    assert.isAtMost(Number(refused.retryAfter), 60)
    await db.assertMissing('user_request_quotas', { user_id: user.id })
  })
})
