import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import LastRequiredFactorException from '#exceptions/last_required_factor_exception'
import app from '@adonisjs/core/services/app'
import SecondFactors from '#services/accounts/two_factor/second_factors'
import TwoFactorRequirement from '#services/organizations/two_factor_requirement'
import { addMember } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { confirmedTotp, passkey, requireTwoFactorOf } from '#tests/helpers/second_factor_rows'

/** A member of an organization that requires two factors (unless `required` is false). */
async function member(required = true) {
  const user = await UserFactory.create()
  const organization = await OrganizationFactory.create()
  await addMember(organization, user)
  if (required) await requireTwoFactorOf(organization.id)
  return user
}

/** Removes one passkey as DELETE /auth/passkeys/:id does: delete, check, refresh the flag. */
async function removePasskey(trx: TransactionClientContract, userId: string, id: string) {
  await trx.from('user_passkeys').where({ id, user_id: userId }).delete()
  await new TwoFactorRequirement().assertFactorRemovable(userId, trx)
  const factors = await app.container.make(SecondFactors)
  return factors.refreshEnabled(userId, trx)
}

/** Whether a session other than this one waits for a lock (the second removal below). */
async function someoneWaitsForALock() {
  const { rows } = await db.rawQuery(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()`
  )
  return rows[0].waiting > 0
}

async function enabled(userId: string) {
  const row = await db.from('users').where('id', userId).firstOrFail()
  return row.two_factor_enabled as boolean
}

test.group('Two-factor requirement: removing a factor', (group) => {
  group.each.setup(() => resetDatabase())

  test('the last factor of a member of a requiring organization stays: 409', async ({ assert }) => {
    const user = await member()
    await confirmedTotp(user.id)

    const removal = db.transaction(async (trx) => {
      await trx.from('user_totp_secrets').where('user_id', user.id).delete()
      await new TwoFactorRequirement().assertFactorRemovable(user.id, trx)
    })

    const error = await removal.catch((caught) => caught)
    assert.instanceOf(error, LastRequiredFactorException)
    assert.equal(error.status, 409)
    assert.equal(error.code, 'organization.two_factor_required')
    assert.equal(
      error.message,
      'An organization you belong to requires two-factor authentication: this is your last second factor'
    )
    assert.lengthOf(await db.from('user_totp_secrets').where('user_id', user.id), 1)
    assert.isTrue(await enabled(user.id))
  })

  test('a factor that is not the last one goes', async ({ assert }) => {
    const user = await member()
    await confirmedTotp(user.id)
    const id = await passkey(user.id)

    const stillEnabled = await db.transaction((trx) => removePasskey(trx, user.id, id))

    assert.isTrue(stillEnabled)
    assert.lengthOf(await db.from('user_passkeys').where('user_id', user.id), 0)
    assert.isTrue(await enabled(user.id))
  })

  test('without a requiring organization the last factor goes', async ({ assert }) => {
    const user = await member(false)
    const id = await passkey(user.id)

    const stillEnabled = await db.transaction((trx) => removePasskey(trx, user.id, id))

    assert.isFalse(stillEnabled)
    assert.isFalse(await enabled(user.id))
  })

  test('an unconfirmed TOTP is no factor', async ({ assert }) => {
    const user = await member()
    const id = await passkey(user.id)
    const now = new Date()
    await db.table('user_totp_secrets').insert({
      user_id: user.id,
      encrypted_secret: 'pending',
      confirmed_at: null,
      created_at: now,
      updated_at: now,
    })

    const removal = db.transaction((trx) => removePasskey(trx, user.id, id))

    assert.instanceOf(await removal.catch((caught) => caught), LastRequiredFactorException)
  })

  test('two parallel removals of the last two factors: one goes, the other is refused', async ({
    assert,
  }) => {
    const user = await member()
    const first = await passkey(user.id, 'Laptop')
    const second = await passkey(user.id, 'Phone')
    const one = await db.transaction()
    const other = await db.transaction()
    try {
      assert.isTrue(await removePasskey(one, user.id, first))
      // The second removal deletes its row, then waits for the account's lock the first holds.
      const waiting = removePasskey(other, user.id, second).then(
        () => null,
        (error) => error
      )
      while (!(await someoneWaitsForALock())) await new Promise((resolve) => setImmediate(resolve))
      await one.commit()

      assert.instanceOf(await waiting, LastRequiredFactorException)
    } finally {
      if (!one.isCompleted) await one.rollback()
      await other.rollback()
    }
    const left = await db.from('user_passkeys').where('user_id', user.id).select('id')
    assert.deepEqual(left, [{ id: second }])
    assert.isTrue(await enabled(user.id))
  })
})
