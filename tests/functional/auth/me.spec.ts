import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieFor } from '#tests/helpers/accounts'

test.group('Auth me', (group) => {
  group.each.setup(() => resetDatabase())

  test('answers the signed-in account', async ({ client }) => {
    const user = await UserFactory.merge({ email: 'ann@example.com', fullName: 'Ann' }).create()
    const cookie = await sessionCookieFor(client, user)

    const response = await client.get('/auth/me').header('cookie', cookie)

    response.assertStatus(200)
    response.assertBody({
      data: { id: user.id, email: 'ann@example.com', fullName: 'Ann', emailVerifiedAt: null },
    })
  })

  test('answers 401 without a session', async ({ client }) => {
    const response = await client.get('/auth/me')

    response.assertStatus(401)
    response.assertBody({
      errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
    })
  })

  test('answers 401 for a forged session cookie', async ({ client }) => {
    const response = await client.get('/auth/me').header('cookie', 'session=s%3Anot-a-session.x')

    response.assertStatus(401)
    response.assertBody({
      errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
    })
  })
})
