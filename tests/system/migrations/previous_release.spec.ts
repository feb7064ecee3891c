import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import { AppProcess, jsonRequest, testDatabaseUrl } from '#tests/helpers/app_process'
import { sessionCookieOf } from '#tests/helpers/accounts'
import { eventBody } from '#tests/helpers/builders'
import { freshDatabase } from '#ops/scratch_postgres'
import { missingCommit, releaseBuild, releases } from '#ops/previous_release'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const previous = releases()[0]
const missing = missingCommit(previous)
const NOT_RUN = `the previous release's API on this schema was NOT tested: ${missing}`
if (missing) process.stderr.write(`\n${NOT_RUN}\n\n`)

/**
 * The compatibility test (contract, "Deploys while serving"): during a
 * deploy the previous release keeps serving on the schema this checkout's
 * migrations make. Its build (ops/previous_release.ts: the newest entry of
 * releases.json, built from its commit; a few minutes the first time, then
 * kept under tmp/releases/) runs in production mode on a database migrated
 * by HEAD's regular migrations (the post-deploy ones run only once no
 * instance of it is left), and passes a smoke of its contract.
 */
test.group(`The previous release (${previous.version}) on this schema`, () => {
  test('signs up and in, makes an organization and an event, patches, lists and deletes it, subscribes', async ({
    assert,
    cleanup,
  }) => {
    const buildDir = await releaseBuild(previous)

    const serverUrl = new URL(testDatabaseUrl())
    serverUrl.pathname = '/postgres'
    const databaseUrl = await freshDatabase(serverUrl.toString(), 'events_api_previous_release')
    await run(process.execPath, ['ace', 'migration:run', '--force', '--no-schema-generate'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    })
    const database = new pg.Client({ connectionString: databaseUrl })
    await database.connect()
    cleanup(() => database.end())
    const { rows: regular } = await database.query('SELECT count(*)::int AS n FROM adonis_schema')
    assert.isAbove(regular[0].n, 32, "HEAD's migrations, this release's included, were applied")

    const api = await AppProcess.production(
      { DATABASE_URL: databaseUrl },
      { cwd: buildDir, args: ['bin/server.js'] }
    )
    cleanup(() => api.kill())
    await api.start()

    const call = async (method: string, path: string, cookie?: string, body?: unknown) => {
      const response = await api.fetch(path, jsonRequest(method, body, cookie ? { cookie } : {}))
      const text = await response.text()
      return { status: response.status, body: text ? JSON.parse(text) : undefined, response }
    }

    const credentials = { email: 'compat@example.com', password: 'correct horse battery' }
    const signup = await call('POST', '/auth/signup', undefined, credentials)
    assert.equal(signup.status, 201, JSON.stringify(signup.body))
    const login = await call('POST', '/auth/login', undefined, credentials)
    assert.equal(login.status, 200, JSON.stringify(login.body))
    const cookie = sessionCookieOf(login.response.headers.getSetCookie())

    const organization = await call('POST', '/organizations', cookie, { name: 'Compat' })
    assert.equal(organization.status, 201, JSON.stringify(organization.body))
    const events = `/organizations/${organization.body.data.id}/events`

    const created = await call('POST', events, cookie, eventBody())
    assert.equal(created.status, 201, JSON.stringify(created.body))
    const event = `${events}/${created.body.data.id}`
    const patched = await call('PATCH', event, cookie, { name: 'Gala, moved' })
    assert.equal(patched.status, 200, JSON.stringify(patched.body))
    assert.equal(patched.body.data.name, 'Gala, moved')
    const listed = await call('GET', events, cookie)
    assert.equal(listed.status, 200, JSON.stringify(listed.body))
    assert.deepEqual(
      listed.body.data.map((item: { id: string }) => item.id),
      [created.body.data.id]
    )
    const deleted = await call('DELETE', event, cookie)
    assert.equal(deleted.status, 204)
    const gone = await call('GET', event, cookie)
    assert.equal(gone.status, 404)

    const subscribed = await call('POST', '/newsletter/subscribe', undefined, {
      email: 'reader@example.com',
    })
    assert.oneOf(subscribed.status, [200, 201, 202], JSON.stringify(subscribed.body))

    assert.notMatch(api.output, /"level":(50|60)/, 'no error in its log')
  })
    .skip(Boolean(missing), NOT_RUN)
    .timeout(8 * 60_000)
})
