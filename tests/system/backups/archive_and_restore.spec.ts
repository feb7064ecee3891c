import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { AppProcess, freePort } from '#tests/helpers/app_process'
import { parseMetrics, scrape } from '#tests/helpers/metrics'
import { ArchivingCluster, canArchive, POSTGRES_BIN } from '#ops/backup/archiving_cluster'

const exec = promisify(execFile)
const SECRET = 'production-monitoring-secret'
const COLLECTOR = app.makePath('ops', 'backup', 'pgbackrest_metrics.py')

const hasArchiving = await canArchive()
const NOT_RUN = `pgBackRest or ${POSTGRES_BIN}/pg_ctl is missing (Debian: apt-get install -y pgbackrest postgresql-15): the WAL archiving and point-in-time restore tests were NOT run`
if (!hasArchiving) process.stderr.write(`\n${NOT_RUN}\n\n`)

/** The db_wal_archive_* samples of a scrape, by name. */
function archiverSamples(text: string) {
  const samples = parseMetrics(text).filter((sample) => sample.name.startsWith('db_wal_archive_'))
  return Object.fromEntries(samples.map((sample) => [sample.name, sample.value]))
}

async function scrapeArchiver(api: AppProcess) {
  const response = await api.fetch('/metrics', { headers: { authorization: `Bearer ${SECRET}` } })
  return archiverSamples(await response.text())
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, seconds = 20) {
  const deadline = Date.now() + seconds * 1000
  while (Date.now() < deadline) {
    const value = await probe()
    if (value !== undefined) return value
    await sleep(250)
  }
  throw new Error(`gave up waiting ${seconds} s for ${what}`)
}

test.group('WAL archiving is watched', () => {
  test('without archiving (the embedded default) the archiver series are absent', async ({
    client,
    assert,
  }) => {
    const { text } = await scrape(client)
    assert.deepEqual(archiverSamples(text), {})
    assert.include(text, '# HELP db_wal_archive_last_success_age_seconds')
  })

  test("with the recipe's archiving, /metrics and the health report follow pg_stat_archiver")
    .skip(!hasArchiving, NOT_RUN)
    .timeout(90_000)
    .run(async ({ assert, cleanup }) => {
      const cluster = await ArchivingCluster.start(
        app.tmpPath('backups', randomUUID().slice(0, 8)),
        'events_api'
      )
      cleanup(() => cluster.stop())
      const api = await AppProcess.production({ DATABASE_URL: cluster.url('events_api') })
      cleanup(() => api.kill())
      await api.start()

      // `pgbackrest check` (in start) archived one segment already.
      const first = await scrapeArchiver(api)
      assert.equal(first.db_wal_archive_failures_total, 0)
      assert.isBelow(first.db_wal_archive_last_success_age_seconds, 60)

      // A change and a segment switch: archived, and nothing waits after it.
      await cluster.query('events_api', 'CREATE TABLE marks (id int)')
      const [{ segment }] = await cluster.query<{ segment: string }>(
        'events_api',
        'SELECT pg_walfile_name(pg_switch_wal()) AS segment'
      )
      await until('the switched segment archived', async () => {
        const [row] = await cluster.query<{ last: string }>(
          'postgres',
          'SELECT last_archived_wal AS last FROM pg_stat_archiver'
        )
        return row.last >= segment ? true : undefined
      })
      // The background jobs keep writing a little WAL, so what waits after it is less than
      // one segment (16 MiB), not always none.
      const archived = await until('the metrics to show it (reused for up to 5 s)', async () => {
        const samples = await scrapeArchiver(api)
        return samples.db_wal_archive_last_success_age_seconds < 10 ? samples : undefined
      })
      assert.isBelow(archived.db_wal_archive_pending_bytes, 16 * 1024 * 1024)

      // The repository gone wrong: every attempt fails, and the count moves.
      await cluster.query('postgres', "ALTER SYSTEM SET archive_command = 'false'")
      await cluster.query('postgres', 'SELECT pg_reload_conf()')
      await cluster.query('events_api', 'INSERT INTO marks VALUES (1)')
      await cluster.query('events_api', 'SELECT pg_switch_wal()')
      const failing = await until('failures counted in /metrics', async () => {
        const samples = await scrapeArchiver(api)
        return samples.db_wal_archive_failures_total > 0 ? samples : undefined
      })
      assert.isAbove(failing.db_wal_archive_pending_bytes, 0)

      const response = await api.fetch('/health', { headers: { 'x-monitoring-secret': SECRET } })
      const report = (await response.json()) as {
        checks: { name: string; status: string; message: string; meta: any }[]
      }
      const check = report.checks.find(({ name }) => name === 'wal_archive')
      assert.equal(check?.status, 'warning', JSON.stringify(report.checks))
      assert.match(check!.message, /failed/)
      assert.isAbove(check!.meta.failures, 0)
    })
})

test.group('Point-in-time restore', () => {
  test(
    'restoring to a named restore point brings back a row deleted after it; the collector reads the backup'
  )
    .skip(!hasArchiving, NOT_RUN)
    .timeout(90_000)
    .run(async ({ assert, cleanup }) => {
      const folder = app.tmpPath('backups', randomUUID().slice(0, 8))
      const cluster = await ArchivingCluster.start(folder, 'events_api')
      cleanup(() => cluster.stop())
      await cluster.query('events_api', 'CREATE TABLE customers (id int PRIMARY KEY, name text)')
      await cluster.query('events_api', "INSERT INTO customers VALUES (1, 'before the backup')")
      await cluster.backup('full')
      await cluster.query('events_api', "INSERT INTO customers VALUES (2, 'after the backup')")
      await cluster.query('events_api', "SELECT pg_create_restore_point('before-the-slip')")
      await cluster.query('events_api', 'DELETE FROM customers')
      await cluster.query('events_api', "INSERT INTO customers VALUES (3, 'after the slip')")
      // Switches and waits until the segment holding all of it is in the repository.
      await cluster.pgbackrest('check')

      const restoredPort = await freePort()
      const output = await cluster.restore(
        'name:before-the-slip',
        join(folder, 'restored'),
        restoredPort
      )
      assert.match(output, /restored to name:before-the-slip/)

      const rows = await cluster.query<{ id: number; name: string }>(
        'events_api',
        'SELECT id, name FROM customers ORDER BY id',
        [],
        restoredPort
      )
      assert.deepEqual(rows, [
        { id: 1, name: 'before the backup' },
        { id: 2, name: 'after the backup' },
      ])
      // The live cluster still has the slip: the copy is beside it, not over it.
      const live = await cluster.query<{ id: number }>('events_api', 'SELECT id FROM customers')
      assert.deepEqual(live, [{ id: 3 }])
      // The copy opened for writes (promoted) and does not archive into the live stanza.
      const [copy] = await cluster.query<{ recovering: boolean; mode: string }>(
        'postgres',
        "SELECT pg_is_in_recovery() AS recovering, current_setting('archive_mode') AS mode",
        [],
        restoredPort
      )
      assert.deepEqual(copy, { recovering: false, mode: 'off' })

      // The collector on the real repository: one full backup, seconds old.
      const { stdout } = await exec(
        'python3',
        [COLLECTOR, '--config', cluster.config, '--output', '-'],
        {
          env: { PATH: process.env.PATH ?? '' },
        }
      )
      const samples = parseMetrics(stdout)
      const ages = samples.filter((sample) => sample.name === 'pgbackrest_backup_last_age_seconds')
      assert.deepEqual(
        ages.map((sample) => sample.labels),
        [{ stanza: 'events-api', type: 'full' }]
      )
      assert.isBelow(ages[0].value, 120)
      assert.deepInclude(samples, { name: 'pgbackrest_info_success', labels: {}, value: 1 })
    })
})
