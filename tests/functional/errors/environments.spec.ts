import { test } from '@japa/runner'
import { startAppProcess } from '#tests/helpers/app_process'

/**
 * These boot the real server in another process (bin/server.ts) on the
 * test database, since what they check is decided at boot by NODE_ENV.
 */
test.group('Environments', () => {
  test('production: HSTS on every response, JSON log lines', async ({ assert, cleanup }) => {
    const server = await startAppProcess('production')
    cleanup(() => server.stop())

    for (const path of ['/health', '/no/such/route', '/organizations/%E0%A4%A']) {
      const response = await fetch(`${server.url}${path}`)
      assert.equal(
        response.headers.get('strict-transport-security'),
        'max-age=15552000',
        `${path} ${response.status}`
      )
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
    }
    const started = server.lines.find((line) => line.includes('started HTTP server'))!
    assert.include(JSON.parse(started), { level: 30, name: 'events-api' })
  }).timeout(60_000)

  test('development: no HSTS, readable log lines', async ({ assert, cleanup }) => {
    const server = await startAppProcess('development')
    cleanup(() => server.stop())

    const response = await fetch(`${server.url}/health`)
    assert.equal(response.status, 200)
    assert.isNull(response.headers.get('strict-transport-security'))
    const started = server.lines.find((line) => line.includes('started HTTP server'))!
    assert.match(started, /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO \(events-api\/\d+\): /)
  }).timeout(60_000)
})
