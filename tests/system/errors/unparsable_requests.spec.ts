import { test } from '@japa/runner'
import { connect } from 'node:net'
import { AppProcess } from '#tests/helpers/app_process'

/** Writes `raw` on a fresh connection and reads until the server closes it. */
function rawExchange(port: number, raw: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw))
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n')
  const [statusLine, ...lines] = head.split('\r\n')
  const headers = Object.fromEntries(
    lines.map((line) => {
      const at = line.indexOf(':')
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()]
    })
  )
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) }
}

/**
 * Node's own HTTP parser refuses these before the framework sees them: they
 * are answered on the socket by the server process, so it is booted here.
 */
test.group('Errors: requests Node cannot parse', (group) => {
  let api: AppProcess | undefined
  group.each.teardown(async () => {
    await api?.kill()
    api = undefined
  })

  test('a malformed request and oversized headers answer in the envelope, with the headers', async ({
    assert,
  }) => {
    api = await AppProcess.production()
    await api.start()

    const malformed = parse(
      await rawExchange(api.port, 'GET /health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n')
    )
    assert.equal(malformed.status, 400)
    assert.deepEqual(malformed.body, {
      errors: [{ message: 'The request is not valid HTTP', code: 'input.request.invalid' }],
    })

    const oversized = parse(
      await rawExchange(
        api.port,
        `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`
      )
    )
    assert.equal(oversized.status, 431)
    assert.deepEqual(oversized.body, {
      errors: [{ message: 'The request headers are too large', code: 'input.headers.too_large' }],
    })

    for (const { headers } of [malformed, oversized]) {
      assert.equal(headers['content-type'], 'application/json; charset=utf-8')
      assert.equal(headers['x-content-type-options'], 'nosniff')
      assert.equal(headers['x-frame-options'], 'DENY')
      assert.equal(headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'")
      assert.equal(headers['referrer-policy'], 'no-referrer')
      assert.equal(headers['strict-transport-security'], 'max-age=15552000')
      assert.match(headers['x-request-id'], /^[0-9a-f-]{36}$/)
    }
    // The server keeps serving.
    assert.equal(await api.status('/health/live'), 200)
  }).timeout(30_000)
})
