import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { SignedInAccount } from '#session/signed_in_account'

test.group('Signed-in account', (group) => {
  group.each.setup(() => resetDatabase())

  test('gives what the User model gives of the same row, and no password hash', async ({
    assert,
  }) => {
    const created = await UserFactory.merge({
      fullName: 'Ada Lovelace',
      locale: 'fr',
      emailVerifiedAt: DateTime.fromISO('2026-03-01T10:00:00Z'),
    }).create()
    const row = await db.from('users').where('id', created.id).firstOrFail()
    const model = await User.findOrFail(created.id)

    const account = new SignedInAccount(row)

    for (const field of [
      'id',
      'email',
      'fullName',
      'locale',
      'twoFactorEnabled',
      'secondFactorFailures',
      'readAfterLsn',
    ] as const) {
      assert.strictEqual(account[field], model[field], field)
    }
    for (const field of ['emailVerifiedAt', 'createdAt', 'updatedAt'] as const) {
      assert.isTrue(DateTime.isDateTime(account[field]), field)
      assert.equal(account[field]!.toMillis(), model[field]!.toMillis(), field)
    }
    assert.isNull(account.secondFactorLockedUntil)
    assert.notProperty(account, 'password')
    assert.notInclude(JSON.stringify(account), model.password)
  })
})
