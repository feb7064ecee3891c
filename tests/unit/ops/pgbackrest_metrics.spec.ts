import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { parseMetrics } from '#tests/helpers/metrics'

const run = promisify(execFile)
const COLLECTOR = fileURLToPath(
  new URL('../../../ops/backup/pgbackrest_metrics.py', import.meta.url)
)

/** Debian's python3 (Patroni brings it on the database nodes). */
const hasPython = await run('python3', ['--version']).then(
  () => true,
  () => false
)
const NOT_RUN = 'python3 is not installed: the pgBackRest collector tests were NOT run'
if (!hasPython) process.stderr.write(`\n${NOT_RUN}\n\n`)

const hasPromtool = await run('promtool', ['--version']).then(
  () => true,
  () => false
)

/**
 * `pgbackrest info --output=json` as 2.45 writes it, trimmed to what the collector reads, with
 * its stop times counted back from `now` (taken when the test runs, not when the file loads).
 */
const infoAt = (now: number) => [
  {
    name: 'events-api',
    status: { code: 0, message: 'ok' },
    backup: [
      {
        label: 'F1',
        type: 'full',
        error: false,
        timestamp: { start: now - 900_100, stop: now - 900_000 },
        info: { repository: { delta: 1000 } },
      },
      {
        label: 'F2',
        type: 'full',
        error: false,
        timestamp: { start: now - 600_100, stop: now - 600_000 },
        info: { repository: { delta: 2000 } },
      },
      {
        label: 'D1',
        type: 'diff',
        error: false,
        timestamp: { start: now - 3700, stop: now - 3600 },
        info: { repository: { delta: 30 } },
      },
      // A backup that failed its checks is no backup: its newer stop is ignored.
      {
        label: 'D2',
        type: 'diff',
        error: true,
        timestamp: { start: now - 200, stop: now - 100 },
        info: { repository: { delta: 31 } },
      },
    ],
  },
]

async function collect(json: unknown) {
  const folder = await mkdtemp(join(tmpdir(), 'pgbackrest-metrics-'))
  try {
    const file = join(folder, 'info.json')
    await writeFile(file, JSON.stringify(json))
    const output = join(folder, 'pgbackrest.prom')
    await run('python3', [COLLECTOR, '--info-json', file, '--output', output])
    const { stdout } = await run('cat', [output])
    return stdout
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

test.group('pgBackRest collector (ops/backup/pgbackrest_metrics.py)', () => {
  test('writes the newest backup of each type as an age in the textfile format')
    .skip(!hasPython, NOT_RUN)
    .run(async ({ assert }) => {
      const text = await collect(infoAt(Math.floor(Date.now() / 1000)))
      const samples = parseMetrics(text)
      const ages = samples.filter(({ name }) => name === 'pgbackrest_backup_last_age_seconds')
      assert.deepEqual(
        ages.map(({ labels }) => labels),
        [
          { stanza: 'events-api', type: 'diff' },
          { stanza: 'events-api', type: 'full' },
        ]
      )
      const [diff, full] = ages.map(({ value }) => value)
      assert.closeTo(diff, 3600, 5)
      assert.closeTo(full, 600_000, 5)
      assert.deepInclude(samples, {
        name: 'pgbackrest_backup_last_size_bytes',
        labels: { stanza: 'events-api', type: 'full' },
        value: 2000,
      })
      assert.deepInclude(samples, {
        name: 'pgbackrest_stanza_status',
        labels: { stanza: 'events-api' },
        value: 0,
      })
      assert.deepInclude(samples, { name: 'pgbackrest_info_success', labels: {}, value: 1 })
      assert.include(text, '# TYPE pgbackrest_backup_last_age_seconds gauge\n')
      assert.isTrue(text.endsWith('\n'))
      if (hasPromtool) {
        // promtool lints the exposition format (HELP, TYPE, names) when it is here.
        const child = execFile('promtool', ['check', 'metrics'])
        child.stdin!.end(text)
        const code = await new Promise((done) => child.once('exit', done))
        assert.equal(code, 0)
      }
    })

  test('says so, and writes no ages, when pgbackrest info fails')
    .skip(!hasPython, NOT_RUN)
    .run(async ({ assert }) => {
      const folder = await mkdtemp(join(tmpdir(), 'pgbackrest-metrics-'))
      try {
        const output = join(folder, 'pgbackrest.prom')
        const failed = await run('python3', [
          COLLECTOR,
          '--info-json',
          join(folder, 'missing.json'),
          '--output',
          output,
        ]).then(
          () => 0,
          (error: { code: number }) => error.code
        )
        assert.equal(failed, 1)
        const { stdout } = await run('cat', [output])
        const samples = parseMetrics(stdout)
        assert.deepEqual(
          samples.map(({ name }) => name),
          ['pgbackrest_info_success', 'pgbackrest_metrics_timestamp_seconds']
        )
        assert.equal(samples[0].value, 0)
        assert.closeTo(samples[1].value, Date.now() / 1000, 60)
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    })
})
