import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { appKey } from '#config/app'
import { resetDatabase } from '#tests/helpers/database'
import { AppProcess, testDatabaseTarget, testDatabaseUrl } from '#tests/helpers/app_process'
import { signedIn } from '#tests/helpers/accounts'

const ROLE = 'secret_file_rotation'

/** A folder of secret files, as a container platform mounts them; removed after the test. */
function secretsFolder(cleanup: (handler: () => void) => void) {
  const folder = mkdtempSync(join(tmpdir(), 'secrets-'))
  cleanup(() => rmSync(folder, { recursive: true, force: true }))
  return (name: string, value: string) => {
    const file = join(folder, name)
    writeFileSync(file, `${value}\n`)
    return file
  }
}

/** Whether `api` answers GET /health/ready with 200 within `ms`. */
async function readyWithin(api: AppProcess, ms: number) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await api.answers('/health/ready')) return true
    await sleep(200)
  }
  return false
}

test.group('Secrets: every secret from a file', (group) => {
  group.each.setup(() => resetDatabase())

  test('NAME and NAME_FILE both set: the server does not start, and says which', async ({
    assert,
    cleanup,
  }) => {
    const secret = secretsFolder(cleanup)
    const api = await AppProcess.production({
      APP_KEY_FILE: secret('app_key', 'the-new-app-key-of-at-least-32-characters'),
    })
    await api.start({ waitFor: 'nothing' })
    cleanup(() => api.kill())
    assert.equal(await api.exited(), 1)
    assert.include(
      api.output,
      'APP_KEY and APP_KEY_FILE are both set: keep one (APP_KEY_FILE names a file that holds APP_KEY)'
    )
  })

  test('the app keys, the monitoring secrets, the database URL and the ALTCHA key read from files', async ({
    client,
    assert,
    cleanup,
  }) => {
    const secret = secretsFolder(cleanup)
    const { user, cookie } = await signedIn(client)
    const started = await AppProcess.production({
      // The test's own cookie name: a session of this process is read there.
      NODE_ENV: 'test',
      APP_KEY: '',
      DATABASE_URL: '',
      MONITORING_SECRET: '',
      APP_KEY_FILE: secret('app_key', 'the-new-app-key-of-at-least-32-characters'),
      APP_PREVIOUS_KEYS_FILE: secret('app_previous_keys', appKey.release()),
      MONITORING_SECRET_FILE: secret('monitoring', 'monitor-secret-from-a-file'),
      MONITORING_PREVIOUS_SECRETS_FILE: secret('monitoring_previous', 'old-one,older-one'),
      DATABASE_URL_FILE: secret('database_url', testDatabaseUrl()),
      NEWSLETTER_CAPTCHA: 'altcha',
      NEWSLETTER_ALTCHA_HMAC_KEY_FILE: secret('altcha', 'an-altcha-key-of-at-least-32-characters'),
    })
    await started.start()
    cleanup(() => started.kill())

    // A session signed with the previous key (this process's) still reads.
    const me = await started.fetch('/auth/me', { headers: { cookie } })
    assert.equal(me.status, 200)
    assert.equal(((await me.json()) as { data: { id: string } }).data.id, user.id)

    for (const monitor of ['monitor-secret-from-a-file', 'old-one', 'older-one']) {
      const health = await started.fetch('/health', { headers: { 'x-monitoring-secret': monitor } })
      const report = (await health.json()) as { checks?: { name: string }[] }
      assert.includeMembers(report.checks?.map((check) => check.name) ?? [], ['database'], monitor)
      const metrics = await started.fetch('/metrics', {
        headers: { authorization: `Bearer ${monitor}` },
      })
      assert.equal(metrics.status, 200, monitor)
      await metrics.arrayBuffer()
    }
    const wrong = await started.fetch('/health', { headers: { 'x-monitoring-secret': 'old-on' } })
    assert.deepEqual(await wrong.json(), { status: 'ok', isHealthy: true })

    // NEWSLETTER_CAPTCHA=altcha refuses to start without its key: read from the file.
    const challenge = await started.fetch('/newsletter/challenge')
    assert.equal(challenge.status, 200)
    await challenge.arrayBuffer()
  }).timeout(60_000)

  test('DB_PASSWORD_FILE: a password changed in the file is used by new connections, without a restart', async ({
    assert,
    cleanup,
  }) => {
    const secret = secretsFolder(cleanup)
    await db.rawQuery(`DROP ROLE IF EXISTS ${ROLE}`)
    await db.rawQuery(`CREATE ROLE ${ROLE} LOGIN SUPERUSER PASSWORD 'first-password'`)
    const disconnect = () =>
      db.rawQuery('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = ?', [
        ROLE,
      ])
    cleanup(async () => {
      await disconnect()
      await db.rawQuery(`DROP ROLE IF EXISTS ${ROLE}`)
    })
    const passwordFile = secret('db_password', 'first-password')
    const target = testDatabaseTarget()
    const api = await AppProcess.production({
      NODE_ENV: 'test',
      DATABASE_URL: '',
      DB_HOST: target.host,
      DB_PORT: String(target.port),
      DB_USER: ROLE,
      DB_DATABASE: new URL(testDatabaseUrl()).pathname.slice(1),
      DB_PASSWORD_FILE: passwordFile,
    })
    await api.start()
    cleanup(() => api.kill())
    assert.isTrue(await readyWithin(api, 1000))

    // The password changes in PostgreSQL first: new connections fail until the file follows.
    await db.rawQuery(`ALTER ROLE ${ROLE} PASSWORD 'second-password'`)
    await disconnect()
    // Past the readiness probe's one-second cache, then every probe for two seconds fails.
    await sleep(1200)
    const probes = []
    for (let probe = 0; probe < 8; probe++) {
      probes.push(await api.status('/health/ready'))
      await sleep(250)
    }
    assert.deepEqual([...new Set(probes)], [503])

    writeFileSync(passwordFile, 'second-password\n')
    assert.isTrue(await readyWithin(api, 10_000))
    assert.isNull(api.exitCode)
    const { rows } = await db.rawQuery(
      'SELECT count(*)::int AS connections FROM pg_stat_activity WHERE usename = ?',
      [ROLE]
    )
    assert.isAbove(rows[0].connections, 0)
  }).timeout(60_000)
})
