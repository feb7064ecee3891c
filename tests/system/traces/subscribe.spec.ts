import { test } from '@japa/runner'
import { randomBytes } from 'node:crypto'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { AppProcess, jsonRequest } from '#tests/helpers/app_process'
import { OtlpReceiver, type ReceivedSpan } from '#tests/helpers/otlp_receiver'

const SERVER = 2
const CLIENT = 3

const hasSmtpAndRequest = (spans: ReceivedSpan[]) =>
  spans.some((span) => span.name === 'smtp send') && spans.some((span) => span.kind === SERVER)

test.group('Traces', (group) => {
  let api: AppProcess | undefined
  const receiver = new OtlpReceiver()

  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(async () => {
    await api?.kill()
    api = undefined
    await receiver.stop()
  })

  test('a subscribe continues the caller trace: request, SQL and SMTP spans; trace_id in its log line', async ({
    assert,
  }) => {
    const port = await receiver.start()
    api = await AppProcess.production({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      LOG_LEVEL: 'info',
    })
    await api.start()
    const traceId = randomBytes(16).toString('hex')
    const callerSpanId = randomBytes(8).toString('hex')

    const response = await api.fetch(
      '/newsletter/subscribe',
      jsonRequest(
        'POST',
        { email: 'traced@example.com' },
        {
          traceparent: `00-${traceId}-${callerSpanId}-01`,
        }
      )
    )
    assert.equal(response.status, 201)

    const spans = await receiver.trace(traceId, hasSmtpAndRequest)
    const request = spans.find((span) => span.kind === SERVER)!
    assert.exists(request, JSON.stringify(spans))
    assert.equal(request.name, 'POST /newsletter/subscribe')
    assert.equal(request.parentSpanId, callerSpanId)
    assert.equal(request.attributes['http.route'], '/newsletter/subscribe')

    const sql = spans.filter((span) => span.attributes['db.system'] === 'postgresql')
    assert.isAbove(sql.length, 0, JSON.stringify(spans.map((span) => span.name)))
    const smtp = spans.find((span) => span.name === 'smtp send')!
    assert.equal(smtp.kind, CLIENT)
    for (const span of [...sql, smtp]) assert.notEqual(span.spanId, request.spanId)
    // Every span of the request is in the caller's trace; nothing else is.
    assert.isTrue(spans.every((span) => span.traceId === traceId))

    await new Promise((resolve) => setTimeout(resolve, 200))
    const line = api.output
      .split('\n')
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.msg === 'request completed' && entry.route === '/newsletter/subscribe')
    assert.exists(line, api.output)
    assert.equal(line!.trace_id, traceId)
  }).timeout(60_000)

  test('SIGTERM sends the spans still batched before the process exits', async ({ assert }) => {
    const port = await receiver.start()
    api = await AppProcess.production({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Longer than the test: only the shutdown can send them.
      OTEL_BSP_SCHEDULE_DELAY: '600000',
    })
    await api.start()
    const traceId = randomBytes(16).toString('hex')

    const response = await api.fetch('/auth/me', {
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    })
    assert.equal(response.status, 401)
    await new Promise((resolve) => setTimeout(resolve, 500))
    assert.isFalse(receiver.spans.some((span) => span.traceId === traceId))

    assert.equal(await api.terminate(), 0)
    const spans = receiver.spans.filter((span) => span.traceId === traceId)
    assert.deepEqual(
      spans.filter((span) => span.kind === SERVER).map((span) => span.name),
      ['GET /auth/me']
    )
  }).timeout(60_000)
})
