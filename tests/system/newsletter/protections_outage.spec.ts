import { test } from '@japa/runner'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { TcpProxy } from '#tests/helpers/tcp_proxy'
import { AppProcess, testDatabaseTarget, testDatabaseUrl } from '#tests/helpers/app_process'
import { ALTCHA_ENV, solvedBy } from '#tests/helpers/altcha'
import { subscribeOn } from '#tests/helpers/newsletter'

/**
 * The subscribe form's protections keep the spec's answer for a provider
 * failure (contract, "Faults and outages"): with PostgreSQL down, the
 * solution cannot be spent and the limits cannot count, and the route
 * answers its 500, not a 503 or a 403; the same solution works once
 * PostgreSQL is back.
 */
test.group('Newsletter protections: PostgreSQL outage (production settings)', (group) => {
  let api: AppProcess | undefined
  let proxy: TcpProxy | undefined

  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(async () => {
    await api?.kill()
    await proxy?.close()
  })

  test('the spec’s 500 while PostgreSQL is down; the unspent solution passes once it is back', async ({
    assert,
  }) => {
    proxy = new TcpProxy(testDatabaseTarget())
    await proxy.open()
    api = await AppProcess.production({
      DATABASE_URL: testDatabaseUrl(proxy.port),
      DB_POOL_ACQUIRE_TIMEOUT_MS: '1000',
      NEWSLETTER_ADDRESS_LIMIT: '3/day',
      NEWSLETTER_DOMAIN_LIMIT: '200/hour',
      ...ALTCHA_ENV,
    })
    await api.start()
    const altcha = await solvedBy(api)

    await proxy.close()
    const down = await subscribeOn(api, { email: 'ann@example.com', altcha })

    assert.equal(down.status, 500)
    assert.deepEqual(down.body, {
      errors: [
        { message: 'Failed to subscribe to the newsletter.', code: 'common.server.internal' },
      ],
    })
    assert.lengthOf(smtpServer.received, 0)

    await proxy.open()
    const back = await subscribeOn(api, { email: 'ann@example.com', altcha })

    assert.equal(back.status, 201)
    assert.lengthOf(smtpServer.received, 1)
  }).timeout(60_000)
})
