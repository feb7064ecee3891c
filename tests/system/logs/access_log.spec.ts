import { test } from '@japa/runner'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieOf } from '#tests/helpers/accounts'
import { AppProcess, jsonRequest } from '#tests/helpers/app_process'

const PASSWORD = 'never-logged-passphrase-4711'
const MONITORING_SECRET = 'production-monitoring-secret'

type AccessLine = {
  level: number
  msg: string
  method: string
  route: string
  status: number
  durationMs: number
  requestId: string
  userId?: string
}

/** The access log lines among the JSON lines a process wrote. */
function accessLines(output: string) {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as AccessLine)
    .filter((line) => line.msg === 'request completed')
}

test.group('Access log', (group) => {
  let api: AppProcess | undefined

  group.each.setup(() => resetDatabase())
  group.each.teardown(async () => {
    await api?.kill()
    api = undefined
  })

  test('one JSON line per request in production; no password, cookie or secret', async ({
    assert,
  }) => {
    api = await AppProcess.production({ LOG_LEVEL: 'info' })
    await api.start()
    const startOutput = api.output.length

    const signup = await api.fetch(
      '/auth/signup',
      jsonRequest('POST', { email: 'ann@example.com', password: PASSWORD })
    )
    assert.equal(signup.status, 201)
    const { data: user } = (await signup.json()) as { data: { id: string } }
    const cookie = sessionCookieOf(signup.headers.getSetCookie())
    const me = await api.fetch('/auth/me', { headers: { cookie } })
    assert.equal(me.status, 200)
    const login = await api.fetch(
      '/auth/login',
      jsonRequest('POST', { email: 'ann@example.com', password: `${PASSWORD}-wrong` }, { cookie })
    )
    assert.equal(login.status, 400)
    const scrape = await api.fetch('/metrics', {
      headers: { authorization: `Bearer ${MONITORING_SECRET}` },
    })
    assert.equal(scrape.status, 200)
    assert.equal(await api.status(`/nothing/${user.id}`), 404)
    await new Promise((resolve) => setTimeout(resolve, 300))

    const output = api.output.slice(startOutput)
    // The start-up wait's readiness polls are logged too; left out here.
    const lines = accessLines(output).filter((line) => line.route !== '/health/ready')
    assert.deepEqual(
      lines.map(({ method, route, status, userId }) => ({ method, route, status, userId })),
      [
        { method: 'POST', route: '/auth/signup', status: 201, userId: user.id },
        { method: 'GET', route: '/auth/me', status: 200, userId: user.id },
        { method: 'POST', route: '/auth/login', status: 400, userId: user.id },
        { method: 'GET', route: '/metrics', status: 200, userId: undefined },
        { method: 'GET', route: 'unmatched', status: 404, userId: undefined },
      ]
    )
    for (const line of lines) {
      assert.equal(line.level, 30)
      assert.isAbove(line.durationMs, 0)
      assert.isString(line.requestId)
      assert.isNotEmpty(line.requestId)
    }
    assert.lengthOf(new Set(lines.map((line) => line.requestId)), lines.length)

    for (const secret of [PASSWORD, cookie.split('=')[1], MONITORING_SECRET, 'ann@example.com']) {
      assert.notInclude(output, secret)
    }
  }).timeout(60_000)
})
