import { execFile, execFileSync } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { test } from '@japa/runner'
import { AppProcess } from '#tests/helpers/app_process'
import { ROOT } from '#tests/helpers/api_client'

const run = promisify(execFile)

const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js')
const SPECTRAL = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js')

/**
 * Where unprivileged network namespaces exist (`unshare -rn`), the linters
 * run with no network at all: proof that they download nothing. Elsewhere
 * (some CI runners forbid them) they run as they are.
 */
const OFFLINE = (() => {
  try {
    execFileSync('unshare', ['-rn', 'true'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

/** Runs a linter's CLI with this Node; resolves with its stdout, whatever its exit code. */
async function lint(cli: string, args: string[]) {
  const [command, argv] = OFFLINE
    ? ['unshare', ['-rn', process.execPath, cli, ...args]]
    : [process.execPath, [cli, ...args]]
  const env = {
    ...process.env,
    // Redocly's telemetry and update check stay off (redocly.yaml says so too).
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  }
  try {
    const { stdout } = await run(command, argv, { cwd: ROOT, env, maxBuffer: 64 << 20 })
    return stdout
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    if (!stdout) throw new Error(`${cli} failed:\n${stderr ?? error}`)
    return stdout
  }
}

type SpectralResult = { code: string; severity: number; message: string; path: string[] }

test.group('API description: linted as other teams lint it', () => {
  test('Redocly recommended and spectral:oas: no error, no warning; the OWASP rules: no error', async ({
    assert,
  }) => {
    // The document as production serves it: its server is PUBLIC_URL (https).
    const api = await AppProcess.production({ PUBLIC_URL: 'https://api.events.test' })
    // Inside the repository, where .spectral.yaml's `**/openapi.json` overrides match.
    const folder = join(ROOT, 'tmp', `openapi-lint-${process.pid}`)
    const file = join(folder, 'openapi.json')
    try {
      await api.start()
      const served = await api.fetch('/openapi.json')
      assert.equal(served.status, 200)
      await mkdir(folder, { recursive: true })
      await writeFile(file, await served.text())

      const redocly = JSON.parse(
        await lint(REDOCLY, ['lint', file, '--config', 'redocly.yaml', '--format', 'json'])
      ) as { totals: { errors: number; warnings: number }; problems: { ruleId: string }[] }
      assert.deepEqual(
        { ...redocly.totals, problems: redocly.problems.map((problem) => problem.ruleId) },
        { errors: 0, warnings: 0, ignored: 0, problems: [] }
      )

      const spectral = JSON.parse(
        await lint(SPECTRAL, ['lint', file, '--ruleset', '.spectral.yaml', '--format', 'json'])
      ) as SpectralResult[]
      const said = (result: SpectralResult) =>
        `${result.code} at ${result.path.join('/')}: ${result.message}`
      // spectral:oas: nothing at all; OWASP: no error (severity 0), warnings allowed.
      assert.deepEqual(spectral.filter((result) => !result.code.startsWith('owasp:')).map(said), [])
      assert.deepEqual(
        spectral
          .filter((result) => result.code.startsWith('owasp:') && result.severity === 0)
          .map(said),
        []
      )
    } finally {
      await api.kill()
      await rm(folder, { recursive: true, force: true })
    }
  }).timeout(180_000)
})
