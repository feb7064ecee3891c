import { test } from '@japa/runner'
import { resetDatabase } from '#tests/helpers/database'
import { AppProcess } from '#tests/helpers/app_process'

/** The server in production mode, in its own process: NODE_ENV decides at boot what it serves. */
test.group('API description: production', (group) => {
  group.each.setup(() => resetDatabase())

  test('in production the document is served and /docs is not', async ({ assert }) => {
    const api = await AppProcess.production()
    try {
      await api.start()
      const document = await api.fetch('/openapi.json')
      assert.equal(document.status, 200)
      const body = (await document.json()) as { paths: Record<string, unknown> }
      assert.notProperty(body.paths, '/docs')
      assert.property(body.paths, '/organizations/{organizationId}/events')
      assert.equal(await api.status('/docs'), 404)
      assert.equal(await api.status('/docs/viewer.js'), 404)
    } finally {
      await api.kill()
    }
  }).timeout(60_000)
})
