import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { UserFactory } from '#database/factories/user_factory'
import type User from '#models/user'
import { resetDatabase } from '#tests/helpers/database'
import { authenticatesOn, secondInstance, sessionCookieOf } from '#tests/helpers/accounts'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import db from '@adonisjs/lucid/services/db'
import { MessageBuilder } from '@adonisjs/core/helpers'

const NOT_FOUND = { errors: [{ message: 'Resource not found', code: 'common.resource.not_found' }] }

/** Logs in as a browser with this user agent would. */
async function loginFrom(client: ApiClient, user: User, userAgent: string) {
  const response = await client
    .post('/auth/login')
    .header('user-agent', userAgent)
    .json({ email: user.email, password: FACTORY_PASSWORD })
  response.assertStatus(200)
  return sessionCookieOf(response.headers()['set-cookie'])
}

test.group('Auth sessions', (group) => {
  let other: Awaited<ReturnType<typeof secondInstance>>
  group.setup(async () => {
    other = await secondInstance()
    return () => other.kill()
  })
  group.each.setup(() => resetDatabase())

  test('lists the account sessions, the current one marked, ids not cookies', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const laptop = await loginFrom(client, user, 'Laptop Browser/1.0')
    const phone = await loginFrom(client, user, 'Phone Browser/2.0')
    await loginFrom(client, await UserFactory.create(), 'Someone Else/1.0')

    const response = await client.get('/auth/sessions').header('cookie', laptop)

    response.assertStatus(200)
    const { data } = response.body()
    assert.lengthOf(data, 2)
    const current = data.find((session: { current: boolean }) => session.current)
    const elsewhere = data.find((session: { current: boolean }) => !session.current)
    assert.equal(current.userAgent, 'Laptop Browser/1.0')
    assert.equal(elsewhere.userAgent, 'Phone Browser/2.0')
    for (const session of data) {
      assert.deepEqual(Object.keys(session).sort(), [
        'createdAt',
        'current',
        'id',
        'ipAddress',
        'lastSeenAt',
        'userAgent',
      ])
      assert.equal(session.ipAddress, '127.0.0.1')
      assert.match(session.createdAt, /^\d{4}-\d\d-\d\dT.*Z$/)
      assert.match(session.lastSeenAt, /^\d{4}-\d\d-\d\dT.*Z$/)
      // The id shown is not the cookie's value nor the session id inside it.
      for (const cookie of [laptop, phone]) {
        const value = decodeURIComponent(cookie.split('=')[1])
        const sessionId = JSON.parse(
          Buffer.from(value.slice(2).split('.')[0], 'base64url').toString()
        ).message
        assert.notInclude(value, session.id)
        assert.notEqual(session.id, sessionId)
      }
    }
    const unauthenticated = await client.get('/auth/sessions')
    unauthenticated.assertStatus(401)
  })

  test('ending one session stops it on every instance; others keep working', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const laptop = await loginFrom(client, user, 'Laptop')
    const phone = await loginFrom(client, user, 'Phone')
    assert.isTrue(await authenticatesOn(other, phone))
    const list = await client.get('/auth/sessions').header('cookie', laptop)
    const phoneId = list.body().data.find((session: { current: boolean }) => !session.current).id

    const response = await client.delete(`/auth/sessions/${phoneId}`).header('cookie', laptop)

    response.assertStatus(204)
    assert.isFalse(await authenticatesOn(other, phone))
    assert.isTrue(await authenticatesOn(other, laptop))
    const again = await client.delete(`/auth/sessions/${phoneId}`).header('cookie', laptop)
    again.assertStatus(404)
    again.assertBody(NOT_FOUND)
  }).timeout(60_000)

  test("another account's session id is a 404 and stays alive", async ({ client, assert }) => {
    const ann = await loginFrom(client, await UserFactory.create(), 'Ann')
    const bob = await loginFrom(client, await UserFactory.create(), 'Bob')
    const bobs = await client.get('/auth/sessions').header('cookie', bob)
    const bobId = bobs.body().data[0].id

    const response = await client.delete(`/auth/sessions/${bobId}`).header('cookie', ann)

    response.assertStatus(404)
    response.assertBody(NOT_FOUND)
    assert.isTrue(await authenticatesOn(other, bob))
    const unknown = await client.delete('/auth/sessions/not-a-session').header('cookie', ann)
    unknown.assertStatus(404)
  }).timeout(60_000)

  test('ending the current session signs this client out', async ({ client, assert }) => {
    const cookie = await loginFrom(client, await UserFactory.create(), 'Laptop')
    const list = await client.get('/auth/sessions').header('cookie', cookie)

    const response = await client
      .delete(`/auth/sessions/${list.body().data[0].id}`)
      .header('cookie', cookie)

    response.assertStatus(204)
    assert.isFalse(await authenticatesOn(other, cookie))
    const me = await client.get('/auth/me').header('cookie', cookie)
    me.assertStatus(401)
  }).timeout(60_000)

  test('DELETE /auth/sessions ends every session but the current one', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const laptop = await loginFrom(client, user, 'Laptop')
    const phone = await loginFrom(client, user, 'Phone')
    const tablet = await loginFrom(client, user, 'Tablet')
    const bystander = await loginFrom(client, await UserFactory.create(), 'Bystander')

    const response = await client.delete('/auth/sessions').header('cookie', laptop)

    response.assertStatus(204)
    assert.isFalse(await authenticatesOn(other, phone))
    assert.isFalse(await authenticatesOn(other, tablet))
    assert.isTrue(await authenticatesOn(other, laptop))
    assert.isTrue(await authenticatesOn(other, bystander))
    const list = await client.get('/auth/sessions').header('cookie', laptop)
    assert.lengthOf(list.body().data, 1)
    assert.isTrue(list.body().data[0].current)
  }).timeout(60_000)

  test('lastSeenAt moves once it is more than 5 minutes old, not on every request', async ({
    client,
    assert,
  }) => {
    const cookie = await loginFrom(client, await UserFactory.create(), 'Laptop')
    const [row] = await db.from('sessions')
    const values = new MessageBuilder().verify<Record<string, any>>(row.data, row.id)!
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000).toISOString()
    const fourMinutesAgo = new Date(Date.now() - 4 * 60_000).toISOString()

    // Seen 4 minutes ago: a request leaves the stored session as it is.
    values.device.lastSeenAt = fourMinutesAgo
    await db
      .from('sessions')
      .where('id', row.id)
      .update({ data: new MessageBuilder().build(values, undefined, row.id) })
    const before = await db.from('sessions').where('id', row.id).firstOrFail()
    const seen = await client.get('/auth/me').header('cookie', cookie)
    seen.assertStatus(200)
    const untouched = await db.from('sessions').where('id', row.id).firstOrFail()
    assert.equal(untouched.data, before.data)

    // Seen 6 minutes ago: the next request records it.
    values.device.lastSeenAt = sixMinutesAgo
    await db
      .from('sessions')
      .where('id', row.id)
      .update({ data: new MessageBuilder().build(values, undefined, row.id) })
    const seenLater = await client.get('/auth/me').header('cookie', cookie)
    seenLater.assertStatus(200)
    const list = await client.get('/auth/sessions').header('cookie', cookie)
    const lastSeenAt = Date.parse(list.body().data[0].lastSeenAt)
    assert.isBelow(Date.now() - lastSeenAt, 60_000)
  })
})
