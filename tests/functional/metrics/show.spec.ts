import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import config from '@adonisjs/core/services/config'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { memberWithOrganization } from '#tests/helpers/accounts'
import { eventOf, eventsPath } from '#tests/helpers/events'
import { recordQueries } from '#tests/helpers/queries'
import { MONITORING_SECRET, metricValue, scrape } from '#tests/helpers/metrics'
import JobQueue from '#services/jobs/job_queue'
import { QUEUE_NAMES } from '#services/jobs/queues'

const DURATION = 'http_server_request_duration_seconds'
const UNAUTHENTICATED = {
  errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
}

test.group('Metrics show', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(() => smtpServer.reset())

  test('401 without the bearer token, with a wrong one, or with the secret in another scheme', async ({
    client,
  }) => {
    const attempts = [
      client.get('/metrics'),
      client.get('/metrics').bearerToken('wrong'),
      client.get('/metrics').header('authorization', MONITORING_SECRET),
      client.get('/metrics').header('authorization', `Basic ${MONITORING_SECRET}`),
      client.get('/metrics').header('x-monitoring-secret', MONITORING_SECRET),
    ]
    for (const attempt of attempts) {
      const response = await attempt
      response.assertStatus(401)
      response.assertBody(UNAUTHENTICATED)
    }
  })

  test('404 while no monitoring secret is configured', async ({ client }) => {
    const configured = config.get('health.monitoringSecret')
    config.set('health.monitoringSecret', undefined)
    try {
      const response = await client.get('/metrics').bearerToken(MONITORING_SECRET)
      response.assertStatus(404)
      response.assertBody({
        errors: [{ message: 'Resource not found', code: 'common.resource.not_found' }],
      })
    } finally {
      config.set('health.monitoringSecret', configured)
    }
  })

  test('the Prometheus text format with the runtime series, app_info and the pool size', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/metrics').bearerToken(MONITORING_SECRET)

    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'text/plain; version=0.0.4; charset=utf-8')
    const metrics = await scrape(client)
    for (const name of [
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'process_open_fds',
    ]) {
      assert.lengthOf(metrics.find(name), 1, name)
    }
    assert.include(metrics.text, '# TYPE nodejs_gc_duration_seconds histogram')
    assert.include(metrics.text, '# TYPE http_server_request_duration_seconds histogram')
    assert.deepEqual(metrics.find('app_info'), [
      { name: 'app_info', labels: { version: '1.0.0' }, value: 1 },
    ])
    assert.equal(metrics.value('db_pool_max'), 10)
  })

  test('two different event ids make one route series, without ids in any label', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const [first, second] = [await eventOf(organization), await eventOf(organization)]
    const series = {
      method: 'GET',
      route: '/organizations/:organizationId/events/:id',
      status: '200',
    }
    const before = await metricValue(client, `${DURATION}_count`, series)

    for (const event of [first, second]) {
      const response = await client
        .get(eventsPath(organization.id, event.id))
        .header('cookie', cookie)
      response.assertStatus(200)
    }

    const after = await scrape(client)
    assert.lengthOf(after.find(`${DURATION}_count`, series), 1)
    assert.equal(after.value(`${DURATION}_count`, series) - before, 2)
    for (const id of [organization.id, first.id, second.id]) assert.notInclude(after.text, id)
  })

  test('50 unknown paths make one unmatched series', async ({ client, assert }) => {
    const series = { method: 'GET', route: 'unmatched', status: '404' }
    const before = await metricValue(client, `${DURATION}_count`, series)
    const paths = Array.from({ length: 50 }, () => `/nothing/${randomUUID()}`)

    for (const path of paths) {
      const response = await client.get(path)
      response.assertStatus(404)
    }

    const after = await scrape(client)
    assert.lengthOf(after.find(`${DURATION}_count`, series), 1)
    assert.equal(after.value(`${DURATION}_count`, series) - before, 50)
    for (const path of paths) assert.notInclude(after.text, path.slice(9))
  })

  test('a request held 1.5 s lands between the 1 s and 2.5 s buckets', async ({
    client,
    assert,
  }) => {
    const series = { method: 'POST', route: '/newsletter/subscribe', status: '201' }
    const bucket = (metrics: Awaited<ReturnType<typeof scrape>>, le: string) =>
      metrics.value(`${DURATION}_bucket`, { ...series, le })
    const before = await scrape(client)
    smtpServer.replyAfter(1500)

    const response = await client.post('/newsletter/subscribe').json({ email: 'slow@example.com' })

    response.assertStatus(201)
    const after = await scrape(client)
    assert.equal(bucket(after, '1') - bucket(before, '1'), 0)
    assert.equal(bucket(after, '2.5') - bucket(before, '2.5'), 1)
    const seconds = after.value(`${DURATION}_sum`, series) - before.value(`${DURATION}_sum`, series)
    assert.isAtLeast(seconds, 1.5)
    assert.isBelow(seconds, 2.5)
  })

  test('the pool gauges show connections used and requests waiting, then idle', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)
    const max = await metricValue(client, 'db_pool_max')

    // Every connection of the pool is held; three requests then wait for one.
    const held = Promise.all(Array.from({ length: max }, () => db.rawQuery('SELECT pg_sleep(1.5)')))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const waiting = Promise.all(
      Array.from({ length: 3 }, () =>
        client.get(eventsPath(organization.id, event.id)).header('cookie', cookie)
      )
    )
    await new Promise((resolve) => setTimeout(resolve, 300))

    const busy = await scrape(client)
    assert.equal(busy.value('db_pool_connections', { state: 'used' }), max)
    assert.equal(busy.value('db_pool_connections', { state: 'idle' }), 0)
    assert.isAtLeast(busy.value('db_pool_connections', { state: 'pending' }), 3)
    assert.isAtLeast(busy.value('http_server_requests_in_flight'), 3)

    await held
    for (const response of await waiting) response.assertStatus(200)
    const calm = await scrape(client)
    assert.equal(calm.value('db_pool_connections', { state: 'used' }), 0)
    assert.equal(calm.value('db_pool_connections', { state: 'pending' }), 0)
    assert.isAtLeast(calm.value('db_pool_connections', { state: 'idle' }), 1)
    assert.equal(calm.value('http_server_requests_in_flight'), 0)
  }).timeout(20_000)

  test('the SMTP pool: sessions open and busy, sends waiting, then the send durations', async ({
    client,
    assert,
  }) => {
    const max = await metricValue(client, 'smtp_pool_max')
    const before = await scrape(client)
    smtpServer.replyAfter(1000)

    // More sign-ups than sessions: every session is busy and the rest wait their turn.
    const subscribes = Promise.all(
      Array.from({ length: max + 5 }, (_, index) =>
        client.post('/newsletter/subscribe').json({ email: `pooled${index}@example.com` })
      )
    )
    await new Promise((resolve) => setTimeout(resolve, 600))
    const busy = await scrape(client)
    assert.equal(busy.value('smtp_pool_connections_open'), max)
    assert.equal(busy.value('smtp_pool_connections_busy'), max)
    assert.equal(busy.value('smtp_sends_waiting'), 5)

    for (const response of await subscribes) response.assertStatus(201)
    const calm = await scrape(client)
    assert.equal(calm.value('smtp_pool_connections_busy'), 0)
    assert.equal(calm.value('smtp_sends_waiting'), 0)
    const sent = { outcome: 'sent' }
    const count = (metrics: typeof calm) => metrics.value('smtp_send_duration_seconds_count', sent)
    assert.equal(count(calm) - count(before), max + 5)
    // Every send took at least the server's second: none lands in the 1 s bucket.
    const slowest = (metrics: typeof calm) =>
      metrics.value('smtp_send_duration_seconds_bucket', { ...sent, le: '1' })
    assert.equal(slowest(calm) - slowest(before), 0)
  }).timeout(20_000)

  test('welcome emails count sent, and failed for a slow and a refusing SMTP server', async ({
    client,
    assert,
  }) => {
    const outcome = (value: string) =>
      metricValue(client, 'newsletter_welcome_emails_total', { outcome: value })
    const [sent, failed] = [await outcome('sent'), await outcome('failed')]

    const delivered = await client.post('/newsletter/subscribe').json({ email: 'a@example.com' })
    delivered.assertStatus(201)
    // Past the SMTP timeout (2 s in tests): the subscription is undone.
    smtpServer.replyAfter(2500)
    const slowSent = Date.now()
    const slow = await client.post('/newsletter/subscribe').json({ email: 'b@example.com' })
    slow.assertStatus(500)
    smtpServer.reset()
    smtpServer.rejectWith('mailbox unavailable')
    const refused = await client.post('/newsletter/subscribe').json({ email: 'c@example.com' })
    refused.assertStatus(500)

    assert.equal((await outcome('sent')) - sent, 1)
    assert.equal((await outcome('failed')) - failed, 2)
    // The slow server still takes its message late: let it, so no later test receives it.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, slowSent + 3000 - Date.now())))
  }).timeout(20_000)

  test('429s count under the name of the limit that refused them', async ({ client, assert }) => {
    const rejections = () => metricValue(client, 'rate_limit_rejections_total', { limiter: 'api' })
    const before = await rejections()

    const statuses = []
    for (let request = 1; request <= 12; request++) {
      const response = await client.get('/auth/me')
      statuses.push(response.status())
    }

    assert.deepEqual(statuses, [...Array.from({ length: 10 }, () => 401), 429, 429])

    assert.equal((await rejections()) - before, 2)
  })

  test('the background jobs by queue: queued, running, failed, and the longest wait for a worker', async ({
    client,
    assert,
  }) => {
    const queue = await app.container.make(JobQueue)
    await queue.start()
    const { boss } = queue
    const purge = 'organization-purge'
    const job = (key: string) => [{ organizationId: randomUUID() }, { singletonKey: key }] as const
    // One out of retries, one in a worker's hands, two waiting (one for a minute).
    await boss.send(purge, job('a')[0], { ...job('a')[1], retryLimit: 0 })
    const [failing] = await boss.fetch(purge)
    await boss.fail(purge, failing.id, { message: 'broken' })
    await boss.send(purge, ...job('b'))
    const [running] = await boss.fetch(purge)
    await boss.send(purge, job('c')[0], {
      ...job('c')[1],
      startAfter: new Date(Date.now() - 60_000),
    })
    await boss.send(purge, ...job('d'))
    await queue.refreshCounts()

    const metrics = await scrape(client)

    const jobs = (name: string, state: string) =>
      metrics.value('background_jobs', { queue: name, state })
    assert.deepEqual(
      ['queued', 'running', 'failed'].map((state) => jobs(purge, state)),
      [2, 1, 1]
    )
    assert.isAtLeast(metrics.value('background_jobs_oldest_ready_seconds', { queue: purge }), 60)
    for (const name of QUEUE_NAMES.filter((other) => other !== purge)) {
      assert.lengthOf(metrics.find('background_jobs', { queue: name }), 3, name)
      assert.equal(jobs(name, 'queued') + jobs(name, 'running') + jobs(name, 'failed'), 0, name)
    }

    await boss.complete(purge, running.id)
    await queue.refreshCounts()
    const after = await scrape(client)
    assert.equal(after.value('background_jobs', { queue: purge, state: 'running' }), 0)
  })

  test('the scrape neither counts itself nor queries the database', async ({ client, assert }) => {
    await scrape(client)
    using queries = recordQueries()
    const metrics = await scrape(client)

    assert.lengthOf(queries.statements, 0, queries.statements.join('\n'))
    assert.lengthOf(metrics.find(`${DURATION}_count`, { route: '/metrics' }), 0)
    assert.equal(metrics.value('http_server_requests_in_flight'), 0)
  })
})
