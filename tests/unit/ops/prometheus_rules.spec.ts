import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const PROMETHEUS = fileURLToPath(new URL('../../../ops/prometheus/', import.meta.url))
const RULES = join(PROMETHEUS, 'events_api.rules.yml')
const TESTS = join(PROMETHEUS, 'tests')
const RUNBOOKS = fileURLToPath(new URL('../../../docs/runbooks.md', import.meta.url))

/** promtool comes with Debian's `prometheus` package; CI installs it (.ci/run). */
const hasPromtool = await run('promtool', ['--version']).then(
  () => true,
  () => false
)
const NOT_RUN =
  'promtool is not installed (Debian: apt-get install prometheus): the Prometheus rule checks and unit tests were NOT run'
if (!hasPromtool) process.stderr.write(`\n${NOT_RUN}\n\n`)

/** promtool's exit code and output, whether it passed or not. */
async function promtool(args: string[], cwd: string) {
  try {
    const { stdout, stderr } = await run('promtool', args, { cwd })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

const rules = readFileSync(RULES, 'utf8')
const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map(([, name]) => name)
const testFiles = readdirSync(TESTS).filter((file) => file.endsWith('.test.yml'))

test.group('Prometheus rules (ops/prometheus)', () => {
  test('promtool check rules accepts the recording and alerting rules')
    .skip(!hasPromtool, NOT_RUN)
    .timeout(60_000)
    .run(async ({ assert }) => {
      const { code, output } = await promtool(['check', 'rules', RULES], PROMETHEUS)
      assert.equal(code, 0, output)
      assert.include(output, 'SUCCESS')
    })

  for (const file of testFiles) {
    test(`promtool test rules ${file}`)
      .skip(!hasPromtool, NOT_RUN)
      .timeout(60_000)
      .run(async ({ assert }) => {
        const { code, output } = await promtool(['test', 'rules', file], TESTS)
        assert.equal(code, 0, output)
        assert.include(output, 'SUCCESS')
      })
  }

  test('one test file per alert group, every alert tested and linked to its runbook section', ({
    assert,
  }) => {
    const groups = [...rules.matchAll(/- name: events-api-(\S+)/g)].map(([, name]) => name)
    const alertGroups = groups.filter((name) => name !== 'slo-recording')
    assert.sameMembers(
      testFiles,
      alertGroups.map((name) => `${name}.test.yml`)
    )

    const tested = testFiles.map((file) => readFileSync(join(TESTS, file), 'utf8')).join('\n')
    const headings = [...readFileSync(RUNBOOKS, 'utf8').matchAll(/^## (.+)$/gm)].map(([, title]) =>
      title
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replaceAll(' ', '-')
    )
    assert.isAbove(alerts.length, 10)
    for (const alert of alerts) {
      assert.include(tested, `alertname: ${alert}`, `${alert} has no unit test`)
    }
    const links = [...rules.matchAll(/runbook_url: docs\/runbooks\.md#(\S+)/g)].map(([, a]) => a)
    assert.lengthOf(links, alerts.length, 'every alert has a runbook_url')
    for (const anchor of links) assert.include(headings, anchor, `docs/runbooks.md#${anchor}`)
  })
})
