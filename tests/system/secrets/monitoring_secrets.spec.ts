import { test } from '@japa/runner'
import { AppProcess } from '#tests/helpers/app_process'
import { resetDatabase } from '#tests/helpers/database'

const CURRENT = 'production-monitoring-secret'
const PREVIOUS = 'the-monitoring-secret-before'

test.group('Secrets: the monitoring secret changed over', (group) => {
  group.each.setup(() => resetDatabase())

  test('the monitor with either secret gets the full report and /metrics, unthrottled; anyone else is throttled', async ({
    assert,
    cleanup,
  }) => {
    const api = await AppProcess.production({
      MONITORING_PREVIOUS_SECRETS: `an-even-older-one, ${PREVIOUS}`,
    })
    await api.start()
    cleanup(() => api.kill())

    // More polls than the anonymous limit (10 a minute per IP), alternating the two secrets.
    for (let poll = 0; poll < 14; poll++) {
      const secret = poll % 2 ? CURRENT : PREVIOUS
      const response = await api.fetch('/health', { headers: { 'x-monitoring-secret': secret } })
      assert.equal(response.status, 200)
      assert.isNull(response.headers.get('x-ratelimit-limit'))
      const report = (await response.json()) as { status: string; checks: { name: string }[] }
      assert.equal(report.status, 'ok')
      assert.includeMembers(
        report.checks.map((check) => check.name),
        ['disk_space', 'database']
      )
    }
    for (const secret of [CURRENT, PREVIOUS, 'an-even-older-one']) {
      const metrics = await api.fetch('/metrics', {
        headers: { authorization: `Bearer ${secret}` },
      })
      assert.equal(metrics.status, 200, secret)
      assert.include(await metrics.text(), 'http_server_request_duration_seconds')
    }
    assert.equal(
      await api.status('/metrics', { headers: { authorization: 'Bearer the-monitoring-secret' } }),
      401
    )

    // Anyone else, a near-miss of a secret included, shares the anonymous limit.
    const statuses = []
    for (let poll = 0; poll < 11; poll++) {
      const response = await api.fetch('/health', {
        headers: { 'x-monitoring-secret': `${PREVIOUS}x` },
      })
      statuses.push(response.status)
      const body = (await response.json()) as object
      if (response.status === 200) assert.deepEqual(body, { status: 'ok', isHealthy: true })
    }
    assert.deepEqual(statuses, [...Array(10).fill(200), 429])
  }).timeout(30_000)
})
