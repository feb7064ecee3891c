import { test } from '@japa/runner'
import { AppProcess, freePort, testDatabaseUrl } from '#tests/helpers/app_process'

/**
 * These boot the real server in another process (bin/server.ts) on the
 * test database, since what they check is decided at boot by NODE_ENV.
 */
test.group('Environments', (group) => {
  let api: AppProcess | undefined
  group.each.teardown(async () => {
    await api?.kill()
    api = undefined
  })

  test('production: HSTS on every response, JSON log lines', async ({ assert }) => {
    api = await AppProcess.production({ LOG_LEVEL: 'info' })
    await api.start()

    for (const path of ['/health', '/no/such/route', '/organizations/%E0%A4%A']) {
      const response = await api.fetch(path)
      assert.equal(
        response.headers.get('strict-transport-security'),
        'max-age=15552000',
        `${path} ${response.status}`
      )
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
    }
    const started = api.output.split('\n').find((line) => line.includes('started HTTP server'))!
    assert.include(JSON.parse(started), { level: 30, name: 'events-api' })
  }).timeout(60_000)

  test('development: no HSTS, readable log lines', async ({ assert }) => {
    const port = await freePort()
    api = new AppProcess(port, {
      NODE_ENV: 'development',
      APP_KEY: 'test-app-key-of-at-least-32-characters',
      DATABASE_URL: testDatabaseUrl(),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
    })
    await api.start()

    const response = await api.fetch('/health')
    assert.equal(response.status, 200)
    assert.isNull(response.headers.get('strict-transport-security'))
    const started = api.output.split('\n').find((line) => line.includes('started HTTP server'))!
    assert.match(started, /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO \(events-api\/\d+\): /)
  }).timeout(60_000)
})
