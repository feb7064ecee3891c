import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import RecoveryCodes from '#services/accounts/two_factor/recovery_codes'
import ReadRouting, { type Read, type ReadOptions } from '#services/platform/replicas/read_routing'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { memberWithOrganization } from '#tests/helpers/accounts'
import { confirmedTotp } from '#tests/helpers/second_factor_rows'
import { finishLogin, startLogin } from '#tests/helpers/two_factor'

/** Recovery codes that accept one made-up code for one account, and spend nothing. */
class AcceptingRecoveryCodes extends RecoveryCodes {
  spent: string[] = []

  constructor(
    private userId: string,
    private code: string
  ) {
    super()
  }

  async spend(userId: string, code: string, _client: QueryClientContract) {
    if (userId !== this.userId || code !== this.code) return false
    this.spent.push(code)
    return true
  }

  async remaining() {
    return 3
  }
}

/** The read routing with no replicas, noting every read it routes and for whom. */
class RecordingReadRouting extends ReadRouting {
  reads: { readerId?: string; statements: number }[] = []

  constructor() {
    super([], { maxLagMs: 1000, timeoutMs: 1000, pollIntervalMs: 1000 })
  }

  read<T>(options: ReadOptions, read: Read<T>, statements = 1): Promise<T> {
    const reader = options.replicaFor as { id?: string } | undefined
    this.reads.push({ readerId: reader?.id, statements })
    return super.read(options, read, statements)
  }
}

/*
 * Every service is resolved from the container, so a test (or an operator's
 * build) replaces one with `app.container.swap` and the routes use it: here
 * a service two injections down a controller, and the read routing.
 */
test.group('Services swapped in the container', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => app.container.restoreAll([RecoveryCodes, ReadRouting]))

  test('a swapped RecoveryCodes decides the second step of a login', async ({ client, assert }) => {
    const user = await UserFactory.create()
    await confirmedTotp(user.id)
    await user.refresh()
    const codes = new AcceptingRecoveryCodes(user.id, 'abcd-efgh-jkmn')
    app.container.swap(RecoveryCodes, () => codes)

    const response = await finishLogin(client, await startLogin(client, user), {
      recoveryCode: 'abcd-efgh-jkmn',
    })

    response.assertStatus(200)
    assert.equal(response.body().data.id, user.id)
    assert.deepEqual(codes.spent, ['abcd-efgh-jkmn'])
    // The real codes' table was never touched.
    assert.lengthOf(await db.from('user_recovery_codes').where('user_id', user.id), 0)
  })

  test('a swapped ReadRouting routes the reads of the members route', async ({
    client,
    assert,
  }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    const routing = new RecordingReadRouting()
    app.container.swap(ReadRouting, () => routing)

    const response = await client
      .get(`/organizations/${organization.id}/members`)
      .header('cookie', cookie)

    response.assertStatus(200)
    assert.lengthOf(response.body().data, 1)
    // The members and their accounts: two statements, for the signed-in account.
    assert.deepInclude(routing.reads, { readerId: user.id, statements: 2 })
  })
})
