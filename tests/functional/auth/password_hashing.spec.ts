import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import { Scrypt } from '@adonisjs/hash/drivers/scrypt'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { passwordHashing } from '#config/hash'
import { signUp } from '#tests/helpers/accounts'

/** scrypt as every password was hashed before OWASP's minimum: N=2^14, r=8, p=1. */
const formerScrypt = new Scrypt({ cost: 16384, blockSize: 8, parallelization: 1 })

async function storedHashOf(userId: string) {
  const row = await db.from('users').where('id', userId).firstOrFail()
  return row.password as string
}

test.group('Auth password hashing', (group) => {
  group.each.setup(() => resetDatabase())

  test('production hashes at OWASP minimum: scrypt N=2^14, r=8, p=5', ({ assert }) => {
    assert.deepInclude(passwordHashing, { cost: 2 ** 14, blockSize: 8, parallelization: 5 })
    assert.isAtLeast(
      passwordHashing.maxMemory,
      128 * passwordHashing.cost * passwordHashing.blockSize
    )
  })

  test('a new password is hashed with r=8 and p=5', async ({ client, assert }) => {
    const { id } = await signUp(client)

    const stored = await storedHashOf(id)
    assert.match(stored, /^\$scrypt\$n=\d+,r=8,p=5\$/)
    assert.isFalse(hash.needsReHash(stored))
  })

  test('a hash with the former settings is upgraded at the next successful login, not before', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.merge({ email: 'ann@example.com' }).create()
    const former = await formerScrypt.make(FACTORY_PASSWORD)
    await db.from('users').where('id', user.id).update({ password: former })
    assert.isTrue(hash.needsReHash(former))

    const wrong = await client
      .post('/auth/login')
      .json({ email: 'ann@example.com', password: 'not the password' })
    wrong.assertStatus(400)
    assert.equal(await storedHashOf(user.id), former)

    const login = await client
      .post('/auth/login')
      .json({ email: 'ann@example.com', password: FACTORY_PASSWORD })
    login.assertStatus(200)

    const upgraded = await storedHashOf(user.id)
    assert.notEqual(upgraded, former)
    assert.match(upgraded, /^\$scrypt\$n=\d+,r=8,p=5\$/)
    assert.isFalse(hash.needsReHash(upgraded))
    assert.isTrue(await hash.verify(upgraded, FACTORY_PASSWORD))

    const again = await client
      .post('/auth/login')
      .json({ email: 'ann@example.com', password: FACTORY_PASSWORD })
    again.assertStatus(200)
    assert.equal(await storedHashOf(user.id), upgraded)
  })
})
