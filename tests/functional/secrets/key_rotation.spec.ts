import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { appKey } from '#config/app'
import { appKeyOf } from '#helpers/app_keyring'
import KeyRotation from '#services/platform/key_rotation'
import { resetDatabase } from '#tests/helpers/database'
import {
  finishLogin,
  startLogin,
  totpCode,
  userWithTotp,
  withTestClock,
} from '#tests/helpers/two_factor'

const OTHER_KEY = 'a-key-this-server-does-not-have-at-all'

test.group('Key rotation', (group) => {
  group.each.setup(() => resetDatabase())
  const state = withTestClock(group)

  test('a stored secret no key reads is counted and reported, never thrown; its login refuses the code with 401', async ({
    client,
    assert,
  }) => {
    const { user, secret } = await userWithTotp(client, state.clock)
    const lost = appKeyOf(OTHER_KEY).encryption.encrypt(secret, { purpose: 'totp_secret' })
    await db.from('user_totp_secrets').where('user_id', user.id).update({ encrypted_secret: lost })

    const rotation = new KeyRotation()
    assert.deepEqual(await rotation.run(), { reencrypted: 0, unreadable: 1 })
    const status = await rotation.status()
    assert.equal(status.unreadable, 1)
    assert.deepEqual(status.previous, [])

    state.clock.advance(30)
    const pending = await startLogin(client, user)
    const response = await finishLogin(client, pending, {
      code: await totpCode(secret, state.clock),
    })
    response.assertStatus(401)
    assert.equal(response.body().errors[0].code, 'auth.second_factor_invalid')
  })

  test('a secret under a previous key is moved to the current one, and its status counted until then', async ({
    client,
    assert,
  }) => {
    const { user, secret } = await userWithTotp(client, state.clock)
    // As if this server's key were the new one and OTHER_KEY the previous one.
    const keyring = [appKeyOf(appKey.release(), 0), appKeyOf(OTHER_KEY, 1)]
    const old = keyring[1].encryption.encrypt(secret, { purpose: 'totp_secret' })
    await db.from('user_totp_secrets').where('user_id', user.id).update({ encrypted_secret: old })

    const rotation = new KeyRotation(keyring)
    const before = await rotation.status()
    assert.equal(before.previous[0].storedValues, 1)
    assert.isTrue(before.previous[0].blindIndexKept)

    assert.deepEqual(await rotation.run(), { reencrypted: 1, unreadable: 0 })
    const after = await rotation.status()
    assert.equal(after.previous[0].storedValues, 0)
    const row = await db.from('user_totp_secrets').where('user_id', user.id).firstOrFail()
    assert.equal(keyring[0].encryption.decrypt(row.encrypted_secret, 'totp_secret'), secret)

    // A second run finds nothing to do.
    assert.deepEqual(await rotation.run(), { reencrypted: 0, unreadable: 0 })
  })
})
