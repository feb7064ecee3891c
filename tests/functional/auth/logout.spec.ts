import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieFor } from '#tests/helpers/accounts'

const UNAUTHENTICATED = {
  errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
}

test.group('Auth logout', (group) => {
  group.each.setup(() => resetDatabase())

  test('answers 204 and the old cookie stops authenticating, even replayed', async ({
    client,
    assert,
  }) => {
    const cookie = await sessionCookieFor(client, await UserFactory.create())

    const response = await client.post('/auth/logout').header('cookie', cookie)

    response.assertStatus(204)
    assert.equal(response.text(), '')
    for (let replay = 0; replay < 2; replay++) {
      const me = await client.get('/auth/me').header('cookie', cookie)
      me.assertStatus(401)
      me.assertBody(UNAUTHENTICATED)
    }
  })

  test('logging out one session leaves the others signed in', async ({ client }) => {
    const user = await UserFactory.create()
    const laptop = await sessionCookieFor(client, user)
    const phone = await sessionCookieFor(client, user)

    await client.post('/auth/logout').header('cookie', laptop)

    const me = await client.get('/auth/me').header('cookie', phone)
    me.assertStatus(200)
  })

  test('answers 401 without a session', async ({ client }) => {
    const response = await client.post('/auth/logout')

    response.assertStatus(401)
    response.assertBody(UNAUTHENTICATED)
  })
})
