import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import {
  authenticatesOn,
  secondInstance,
  sessionCookieFor,
  sessionCookieOf,
  signedIn,
} from '#tests/helpers/accounts'

const NEW_PASSWORD = 'a brand new password'

test.group('Auth password change', (group) => {
  let other: Awaited<ReturnType<typeof secondInstance>>
  group.setup(async () => {
    other = await secondInstance()
    return () => other.kill()
  })
  group.each.setup(() => resetDatabase())

  test('this session continues under a new id, every other one ends everywhere', async ({
    client,
    assert,
  }) => {
    const { user, cookie: current } = await signedIn(client)
    const elsewhere = await sessionCookieFor(client, user)

    const response = await client
      .put('/auth/password')
      .header('cookie', current)
      .json({ currentPassword: FACTORY_PASSWORD, password: NEW_PASSWORD })

    response.assertStatus(204)
    const renewed = sessionCookieOf(response.headers()['set-cookie'])
    assert.notEqual(renewed, current)
    assert.isTrue(await authenticatesOn(other, renewed))
    assert.isFalse(await authenticatesOn(other, current))
    assert.isFalse(await authenticatesOn(other, elsewhere))
    const row = await db.from('users').where('id', user.id).firstOrFail()
    assert.isTrue(await hash.verify(row.password, NEW_PASSWORD))
    assert.lengthOf(await db.from('sessions'), 1)
  }).timeout(60_000)

  test('a wrong current password is a 400 and changes nothing', async ({ client, assert }) => {
    const { user, cookie } = await signedIn(client)

    const response = await client
      .put('/auth/password')
      .header('cookie', cookie)
      .json({ currentPassword: 'not the password', password: NEW_PASSWORD })

    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          message: 'The current password is not correct',
          code: 'input.currentPassword.invalid',
          field: 'currentPassword',
        },
      ],
    })
    const row = await db.from('users').where('id', user.id).firstOrFail()
    assert.isTrue(await hash.verify(row.password, FACTORY_PASSWORD))
  })

  test('wrong current passwords are throttled like logins', async ({ client }) => {
    const { cookie } = await signedIn(client)
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await client
        .put('/auth/password')
        .header('cookie', cookie)
        .json({ currentPassword: `wrong ${attempt}`, password: NEW_PASSWORD })
      response.assertStatus(400)
    }
    const refused = await client
      .put('/auth/password')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD, password: NEW_PASSWORD })
    refused.assertStatus(429)
    refused.assertBodyContains({ errors: [{ code: 'common.rate_limit.exceeded' }] })
  })

  test('needs a session and a valid new password', async ({ client }) => {
    const anonymous = await client
      .put('/auth/password')
      .json({ currentPassword: FACTORY_PASSWORD, password: NEW_PASSWORD })
    anonymous.assertStatus(401)

    const { cookie } = await signedIn(client)
    const weak = await client
      .put('/auth/password')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD, password: 'short' })
    weak.assertStatus(400)
    weak.assertBodyContains({ errors: [{ field: 'password', code: 'input.password.minLength' }] })
  })
})
