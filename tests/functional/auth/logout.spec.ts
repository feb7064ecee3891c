import { test } from '@japa/runner'
import { resetDatabase } from '#tests/helpers/database'
import {
  memberWithOrganization,
  sessionCookieFor,
  sessionCookieOf,
  signedIn,
} from '#tests/helpers/accounts'

const UNAUTHENTICATED = {
  errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
}

test.group('Auth logout', (group) => {
  group.each.setup(() => resetDatabase())

  test('answers 204 with an empty body and ends the session server-side', async ({
    client,
    assert,
    db,
  }) => {
    const { cookie } = await signedIn(client)
    await db.assertCount('sessions', 1)

    const response = await client.post('/auth/logout').header('cookie', cookie)

    response.assertStatus(204)
    assert.equal(response.text(), '')
    await db.assertCount('sessions', 0)
  })

  test('the old cookie stops authenticating, even replayed', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client.post('/auth/logout').header('cookie', cookie)
    response.assertStatus(204)

    for (let replay = 0; replay < 2; replay++) {
      const me = await client.get('/auth/me').header('cookie', cookie)
      me.assertStatus(401)
      me.assertBody(UNAUTHENTICATED)
    }
    const show = await client.get(`/organizations/${organization.id}`).header('cookie', cookie)
    show.assertStatus(401)
    show.assertBody(UNAUTHENTICATED)
    const again = await client.post('/auth/logout').header('cookie', cookie)
    again.assertStatus(401)
    again.assertBody(UNAUTHENTICATED)
  })

  test('the cookie set by the logout response is a signed-out one', async ({ client }) => {
    const { cookie } = await signedIn(client)

    const response = await client.post('/auth/logout').header('cookie', cookie)
    response.assertStatus(204)

    const me = await client
      .get('/auth/me')
      .header('cookie', sessionCookieOf(response.headers()['set-cookie']))
    me.assertStatus(401)
    me.assertBody(UNAUTHENTICATED)
  })

  test('logging out one session leaves the others signed in', async ({ client, db }) => {
    const { user, cookie: laptop } = await signedIn(client)
    const phone = await sessionCookieFor(client, user)

    const response = await client.post('/auth/logout').header('cookie', laptop)
    response.assertStatus(204)

    const me = await client.get('/auth/me').header('cookie', phone)
    me.assertStatus(200)
    me.assertBody({
      data: {
        id: user.id,
        email: user.email,
        fullName: user.fullName,
        emailVerifiedAt: null,
        locale: null,
      },
    })
    await db.assertCount('sessions', 1)
  })

  test('answers 401 without a session', async ({ client }) => {
    const response = await client.post('/auth/logout')

    response.assertStatus(401)
    response.assertBody(UNAUTHENTICATED)
  })

  test('answers 401 for a forged session cookie', async ({ client }) => {
    const response = await client
      .post('/auth/logout')
      .header('cookie', 'session=s%3Anot-a-session.x')

    response.assertStatus(401)
    response.assertBody(UNAUTHENTICATED)
  })
})
