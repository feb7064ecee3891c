import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { signUpOn } from '#tests/helpers/accounts'
import { AppProcess, freePort, jsonRequest, testDatabaseUrl } from '#tests/helpers/app_process'

const MONITOR = { 'x-monitoring-secret': 'production-monitoring-secret' }

test.group('Faults: the production settings', (group) => {
  let api: AppProcess | undefined

  group.each.setup(() => resetDatabase())
  group.each.teardown(async () => {
    await api?.kill()
    api = undefined
  })

  test('refuses to start without a database configured, saying what to set', async ({ assert }) => {
    api = new AppProcess(await freePort(), {
      NODE_ENV: 'production',
      APP_KEY: 'test-app-key-of-at-least-32-characters',
      PORT: '0',
    })
    await api.start({ waitFor: 'nothing' })

    assert.equal(await api.exited(), 1)
    assert.include(
      api.output,
      'DATABASE_URL (or DB_HOST, DB_USER, DB_PASSWORD, DB_DATABASE) must be set in production'
    )
    assert.notInclude(api.output, 'embedded PostgreSQL listening')
  }).timeout(30_000)

  test('refuses to start without PUBLIC_URL, the base of the links sent by email', async ({
    assert,
  }) => {
    api = new AppProcess(await freePort(), {
      NODE_ENV: 'production',
      APP_KEY: 'test-app-key-of-at-least-32-characters',
      DATABASE_URL: testDatabaseUrl(),
      PORT: '0',
    })
    await api.start({ waitFor: 'nothing' })

    assert.equal(await api.exited(), 1)
    assert.include(api.output, 'PUBLIC_URL must be set in production')
  }).timeout(30_000)

  test('/health is throttled per IP, except for the monitor presenting the secret', async ({
    assert,
  }) => {
    api = await AppProcess.production()
    await api.start()

    // A monitor polling every few seconds is never refused.
    for (let poll = 0; poll < 15; poll++) {
      const response = await api.fetch('/health', { headers: MONITOR })
      assert.equal(response.status, 200)
      assert.isNull(response.headers.get('x-ratelimit-limit'))
      assert.equal(((await response.json()) as { status: string }).status, 'ok')
    }

    // Anyone else shares the anonymous limit: 10 per IP per minute (spec).
    const statuses = []
    for (let poll = 0; poll < 11; poll++) statuses.push(await api.status('/health'))
    assert.deepEqual(statuses, [...Array(10).fill(200), 429])
    const refused = await api.fetch('/health')
    assert.deepEqual(await refused.json(), {
      errors: [{ message: 'Too many requests', code: 'common.rate_limit.exceeded' }],
    })

    // Load balancer probes stay outside the throttle.
    assert.equal(await api.status('/health/live'), 200)
    assert.equal(await api.status('/health/ready'), 200)
    assert.equal(await api.status('/health', { headers: MONITOR }), 200)
  }).timeout(30_000)

  test('a 500 says only what the contract says: no message from PostgreSQL', async ({ assert }) => {
    api = await AppProcess.production()
    await api.start()
    const { cookie } = await signUpOn(api)
    const created = await api.fetch(
      '/organizations',
      jsonRequest('POST', { name: 'Acme' }, { cookie })
    )
    const { data: organization } = (await created.json()) as { data: { id: string } }

    await db.rawQuery(`
      CREATE OR REPLACE FUNCTION refuse_rename() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'secret internal detail from PostgreSQL'; END $$ LANGUAGE plpgsql`)
    await db.rawQuery(`CREATE TRIGGER refuse_rename BEFORE UPDATE ON events
      FOR EACH ROW EXECUTE FUNCTION refuse_rename()`)
    try {
      const event = await api.fetch(
        `/organizations/${organization.id}/events`,
        jsonRequest('POST', { name: 'Launch' }, { cookie })
      )
      const { data } = (await event.json()) as { data: { id: string } }
      const response = await api.fetch(
        `/organizations/${organization.id}/events/${data.id}`,
        jsonRequest('PATCH', { name: 'Renamed' }, { cookie })
      )

      assert.equal(response.status, 500)
      const body = await response.text()
      assert.deepEqual(JSON.parse(body), {
        errors: [{ message: 'Internal server error', code: 'common.server.internal' }],
      })
      assert.notInclude(body, 'secret internal detail')

      // The log has it, with the request id the client saw.
      const requestId = response.headers.get('x-request-id')
      assert.isString(requestId)
      for (let wait = 0; wait < 20 && !api.output.includes('secret internal detail'); wait++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const line = api.output.split('\n').find((entry) => entry.includes('secret internal detail'))
      assert.include(line, requestId!)
    } finally {
      await db.rawQuery('DROP TRIGGER IF EXISTS refuse_rename ON events')
      await db.rawQuery('DROP FUNCTION IF EXISTS refuse_rename()')
    }
  }).timeout(30_000)
})
