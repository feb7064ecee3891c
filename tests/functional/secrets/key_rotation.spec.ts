import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import { appKey } from '#config/app'
import { appKeyOf } from '#helpers/app_keyring'
import KeyRotation from '#services/platform/key_rotation'
import { QUEUES } from '#services/jobs/queues'
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

  test('a previous key is noted once (its retirement kept) with its blind-index key, under which codes are then found', async ({
    assert,
  }) => {
    const keyring = [appKeyOf(appKey.release(), 0), appKeyOf(OTHER_KEY, 1)]
    const rotation = new KeyRotation(keyring)
    await rotation.record()
    const first = await db.from('app_keys').where('fingerprint', keyring[1].fingerprint).first()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await QUEUES['app-key-record'].run(null, {
      signal: new AbortController().signal,
      send: async () => null,
      make: (binding) => app.container.make(binding),
    })
    await rotation.record()
    const again = await db.from('app_keys').where('fingerprint', keyring[1].fingerprint).first()
    assert.equal(again.retired_at.getTime(), first.retired_at.getTime())
    assert.notInclude(again.blind_index_key, OTHER_KEY)

    // A recovery code hashed under the other key alone is found through the kept key.
    const underOther = keyring[1].encryption.blindIndex('k7m2x9qp4tna', 'recovery_code')
    const indexes = await KeyRotation.blindIndexes('k7m2x9qp4tna', 'recovery_code', db.connection())
    assert.include(indexes, underOther)
    assert.lengthOf(indexes, 2)
  })
})
