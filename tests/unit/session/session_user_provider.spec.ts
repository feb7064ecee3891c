import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import ReadRouting from '#services/platform/replicas/read_routing'
import { SessionUserProvider } from '#session/session_user_provider'

test.group('Session user provider', (group) => {
  group.each.setup(() => resetDatabase())

  test('without a session read (Redis or cookie sessions), looks the account up by id', async ({
    assert,
  }) => {
    const user = await UserFactory.merge({ fullName: 'Ada Lovelace' }).create()
    const provider = new SessionUserProvider(
      {} as HttpContext,
      await app.container.make(ReadRouting)
    )

    const found = await provider.findById(user.id)

    const account = found!.getOriginal()
    assert.equal(account.id, user.id)
    assert.equal(account.email, user.email)
    assert.equal(account.fullName, 'Ada Lovelace')
    assert.notInclude(JSON.stringify(account), user.password)
    assert.isNull(await provider.findById(crypto.randomUUID()))
  })
})
