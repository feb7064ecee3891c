import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import config from '@adonisjs/core/services/config'
import db from '@adonisjs/lucid/services/db'
import { HealthChecks } from '@adonisjs/core/health'
import { healthChecksFor } from '#start/health'
import type { PostgreConfig } from '@adonisjs/lucid/types/database'
import { RedisConnection } from '@adonisjs/redis'
import { TcpProxy } from '#tests/helpers/tcp_proxy'
import { recordQueries } from '#tests/helpers/queries'

const SECRET = 'test-monitoring-secret'

/**
 * Points the database check at a copy of the `postgres` connection that goes
 * through `proxy`; returns the cleanup.
 */
function checkDatabaseThrough(proxy: TcpProxy, name: string) {
  const postgres = db.manager.get('postgres')!.config as PostgreConfig
  db.manager.add(name, {
    ...postgres,
    connection: { ...(postgres.connection as object), host: '127.0.0.1', port: proxy.port },
  })
  app.container.swap(HealthChecks, () => healthChecksFor({ database: db.connection(name) }))
  return async () => {
    await proxy.close()
    await db.manager.close(name)
    db.manager.release(name)
  }
}

function databaseCheck(report: { checks: { name: string; status: string; message: string }[] }) {
  return report.checks.find((check) => check.name === 'database')!
}

test.group('Health show', (group) => {
  group.each.teardown(() => app.container.restoreAll())

  test('answers 200 with only status and isHealthy without the secret', async ({ client }) => {
    const response = await client.get('/health')

    response.assertStatus(200)
    response.assertBody({ status: 'ok', isHealthy: true })
  })

  test('answers the minimal body with one SQL round trip, the database check', async ({
    client,
    assert,
  }) => {
    using queries = recordQueries()
    const response = await client.get('/health')

    response.assertStatus(200)
    response.assertBody({ status: 'ok', isHealthy: true })
    // Outside production /health is not throttled; in production the limiter adds one statement.
    assert.lengthOf(queries.statements, 1, queries.statements.join('\n'))
    assert.lengthOf(queries.writes(), 0)
  })

  test('answers the minimal body for a wrong secret', async ({ client }) => {
    const response = await client.get('/health').header('x-monitoring-secret', 'wrong')

    response.assertStatus(200)
    response.assertBody({ status: 'ok', isHealthy: true })
  })

  test('answers the full report for the monitoring secret', async ({ client, assert }) => {
    const response = await client.get('/health').header('x-monitoring-secret', SECRET)

    response.assertStatus(200)
    const report = response.body()
    assert.equal(report.status, 'ok')
    assert.isTrue(report.isHealthy)
    assert.isFalse(Number.isNaN(Date.parse(report.finishedAt)))
    assert.isObject(report.debugInfo)
    assert.deepEqual(
      report.checks.map((check: { name: string }) => check.name),
      ['disk_space', 'database']
    )
    for (const check of report.checks) {
      assert.equal(check.status, 'ok')
      assert.isString(check.message)
      assert.isFalse(Number.isNaN(Date.parse(check.finishedAt)))
    }
  })

  test('gives nobody the full report when no secret is configured', async ({ client }) => {
    const configured = config.get('health.monitoringSecret')
    config.set('health.monitoringSecret', undefined)
    try {
      const response = await client.get('/health').header('x-monitoring-secret', SECRET)
      response.assertBody({ status: 'ok', isHealthy: true })
    } finally {
      config.set('health.monitoringSecret', configured)
    }
  })

  test('stays 200 with status ok when the disk check only warns', async ({ client, assert }) => {
    app.container.swap(HealthChecks, () =>
      healthChecksFor({ database: db.connection(), disk: { warnPercent: 0, failPercent: 100 } })
    )

    const response = await client.get('/health').header('x-monitoring-secret', SECRET)

    response.assertStatus(200)
    assert.equal(response.body().status, 'ok')
    assert.equal(response.body().checks[0].status, 'warning')
  })

  test('answers 503 when the disk is over the failure threshold', async ({ client, assert }) => {
    app.container.swap(HealthChecks, () =>
      healthChecksFor({ database: db.connection(), disk: { warnPercent: 0, failPercent: 0 } })
    )

    const minimal = await client.get('/health')
    minimal.assertStatus(503)
    minimal.assertBody({ status: 'error', isHealthy: false })

    const full = await client.get('/health').header('x-monitoring-secret', SECRET)
    full.assertStatus(503)
    assert.equal(full.body().status, 'error')
    assert.equal(full.body().checks[0].name, 'disk_space')
    assert.equal(full.body().checks[0].status, 'error')
  })

  test('answers 503 while PostgreSQL is unreachable and 200 again once it is back', async ({
    client,
    assert,
  }) => {
    const postgres = db.manager.get('postgres')!.config as PostgreConfig
    const proxy = new TcpProxy(postgres.connection as { host: string; port: number })
    await proxy.open()
    const cleanup = checkDatabaseThrough(proxy, 'through_proxy')

    try {
      const before = await client.get('/health')
      before.assertStatus(200)

      await proxy.down()
      const down = await client.get('/health').header('x-monitoring-secret', SECRET)
      down.assertStatus(503)
      assert.equal(down.body().status, 'error')
      assert.isFalse(down.body().isHealthy)
      assert.equal(databaseCheck(down.body()).status, 'error')

      await proxy.open()
      const after = await client.get('/health')
      after.assertStatus(200)
      after.assertBody({ status: 'ok', isHealthy: true })
    } finally {
      await cleanup()
    }
  })

  test('answers 503 within the check timeout when PostgreSQL hangs', async ({ client, assert }) => {
    const blackhole = TcpProxy.blackhole()
    await blackhole.open()
    const cleanup = checkDatabaseThrough(blackhole, 'blackhole')

    try {
      const response = await client.get('/health').header('x-monitoring-secret', SECRET)
      response.assertStatus(503)
      const database = databaseCheck(response.body())
      assert.equal(database.status, 'error')
      assert.include(database.message, 'did not answer within')
    } finally {
      await cleanup()
    }
  }).timeout(20_000)

  test('checks Redis when it holds sessions or limits, and answers 503 when it is down', async ({
    client,
    assert,
  }) => {
    const refusing = TcpProxy.blackhole()
    await refusing.down()
    const redis = new RedisConnection('unreachable', {
      host: '127.0.0.1',
      port: refusing.port,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
    })
    redis.ioConnection.on('error', () => {})
    app.container.swap(HealthChecks, () => healthChecksFor({ database: db.connection(), redis }))

    try {
      const response = await client.get('/health').header('x-monitoring-secret', SECRET)

      response.assertStatus(503)
      const check = response.body().checks.find((item: { name: string }) => item.name === 'redis')
      assert.equal(check.status, 'error')
    } finally {
      redis.disconnect()
      await refusing.close()
    }
  }).timeout(20_000)
})
