import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { signedIn } from '#tests/helpers/accounts'
import { recordQueries } from '#tests/helpers/queries'

test.group('Auth me', (group) => {
  group.each.setup(() => resetDatabase())

  test('answers the signed-in account', async ({ client }) => {
    const { user, cookie } = await signedIn(client, { email: 'ann@example.com', fullName: 'Ann' })

    const response = await client.get('/auth/me').header('cookie', cookie)

    response.assertStatus(200)
    response.assertBody({
      data: {
        id: user.id,
        email: 'ann@example.com',
        fullName: 'Ann',
        emailVerifiedAt: null,
        locale: null,
      },
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

  test('reads the session and its user in one statement, leaving the session row as it was', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client)
    const before = await db.from('sessions').where('user_id', user.id).firstOrFail()

    using queries = recordQueries()
    const response = await client.get('/auth/me').header('cookie', cookie)

    response.assertStatus(200)
    assert.equal(response.body().data.id, user.id)
    // The session with its user and the rate-limit counter.
    assert.lengthOf(queries.statements, 1, queries.statements.join('\n'))
    const after = await db.from('sessions').where('user_id', user.id).firstOrFail()
    assert.equal(after.expires_at.getTime(), before.expires_at.getTime())
    // Nothing moved, so no cookie is signed and sent again.
    assert.isUndefined(response.headers()['set-cookie'])
  })

  test('pushes the expiry forward once an hour has passed since the last push', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client)
    await db
      .from('sessions')
      .where('user_id', user.id)
      .update({ expires_at: db.raw(`expires_at - interval '61 minutes'`) })
    const before = await db.from('sessions').where('user_id', user.id).firstOrFail()

    const response = await client.get('/auth/me').header('cookie', cookie)

    response.assertStatus(200)
    const after = await db.from('sessions').where('user_id', user.id).firstOrFail()
    assert.isAbove(after.expires_at.getTime(), before.expires_at.getTime() + 60 * 60 * 1000)
    // The cookie's expiry moves with the row's: sent again, for the same session.
    const setCookie = [response.headers()['set-cookie'] ?? []].flat().join('\n')
    assert.include(setCookie, cookie.split(';')[0])
    assert.match(setCookie, /Max-Age=604800/)
  })
})
