import { test } from '@japa/runner'
import { setTimeout } from 'node:timers/promises'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { PostgreConfig } from '@adonisjs/lucid/types/database'
import ReadinessService from '#services/platform/readiness_service'
import { readinessFor } from '#start/health'
import { TcpProxy } from '#tests/helpers/tcp_proxy'

test.group('Health probes', (group) => {
  group.each.teardown(() => app.container.restoreAll())

  test('GET /health/live answers 200 with a minimal body', async ({ client }) => {
    const response = await client.get('/health/live')

    response.assertStatus(200)
    response.assertBody({ status: 'ok', isHealthy: true })
  })

  test('GET /health/ready answers 200 while PostgreSQL answers', async ({ client }) => {
    const response = await client.get('/health/ready')

    response.assertStatus(200)
    response.assertBody({ status: 'ok', isHealthy: true })
  })

  test('GET /health/ready answers 503 until the start-up gate opens and from the start of a drain', async ({
    client,
    assert,
  }) => {
    const readiness = readinessFor({ database: db.connection() })
    app.container.swap(ReadinessService, () => readiness)

    const closed = await client.get('/health/ready')
    closed.assertStatus(503)
    closed.assertBody({ status: 'error', isHealthy: false })

    assert.isTrue(await readiness.connect())
    const open = await client.get('/health/ready')
    open.assertStatus(200)

    readiness.draining = true
    const draining = await client.get('/health/ready')
    draining.assertStatus(503)
    draining.assertBody({ status: 'error', isHealthy: false })
  })

  test('GET /health answers 503 with a minimal body until the start-up gate opens', async ({
    client,
    assert,
  }) => {
    const readiness = readinessFor({ database: db.connection() })
    app.container.swap(ReadinessService, () => readiness)

    const closed = await client.get('/health')
    closed.assertStatus(503)
    closed.assertBody({ status: 'error', isHealthy: false })
    const route = await client.get('/organizations')
    route.assertStatus(503)

    assert.isTrue(await readiness.connect())
    const open = await client.get('/health')
    open.assertStatus(200)
    open.assertBody({ status: 'ok', isHealthy: true })
  })

  test('GET /health/ready answers 503 once PostgreSQL is gone, reusing a result up to 1 s old', async ({
    client,
    assert,
  }) => {
    const postgres = db.manager.get('postgres')!.config as PostgreConfig
    const proxy = new TcpProxy(postgres.connection as { host: string; port: number })
    await proxy.open()
    db.manager.add('ready_through_proxy', {
      ...postgres,
      connection: { ...(postgres.connection as object), host: '127.0.0.1', port: proxy.port },
    })
    const readiness = readinessFor({ database: db.connection('ready_through_proxy') })
    app.container.swap(ReadinessService, () => readiness)
    try {
      assert.isTrue(await readiness.connect())
      const up = await client.get('/health/ready')
      up.assertStatus(200)

      await proxy.down()
      // Probes within the second get the last result: they cannot overload the database.
      const cached = await client.get('/health/ready')
      cached.assertStatus(200)

      await setTimeout(1100)
      const down = await client.get('/health/ready')
      down.assertStatus(503)
      down.assertBody({ status: 'error', isHealthy: false })
    } finally {
      await proxy.close()
      await db.manager.close('ready_through_proxy')
      db.manager.release('ready_through_proxy')
    }
  })
})
