import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify, stripVTControlCharacters } from 'node:util'

const run = promisify(execFile)

/**
 * The OpenAPI document of the last release, from the repository's root: what
 * published clients were built against. The current document is compared with
 * it; `node ace api:breaking-check --release` rewrites it.
 */
export const RELEASED_FILE = 'packages/api-client/openapi.released.json'

type Document = Record<string, any>

export type Comparison = {
  /** False when the change breaks existing clients and the major version did not move. */
  ok: boolean
  baseVersion: string
  headVersion: string
  /** Whether Optic found at least one breaking change. */
  breaking: boolean
  /** The failed checks, one line each (`POST /things: cannot add a required request property…`). */
  failures: string[]
  /** What went wrong, or what was let through, in a sentence. */
  summary: string
  /** Optic's whole report. */
  report: string
}

/** `1.2.3` as numbers; throws on anything that is not semantic versioning. */
export function parseVersion(version: unknown) {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(String(version))
  if (!match) throw new Error(`info.version "${version}" is not a semantic version (1.2.3)`)
  return match.slice(1, 4).map(Number) as [number, number, number]
}

/** Negative, zero or positive, as `a` is older than, the same as or newer than `b`. */
export function compareVersions(a: string, b: string) {
  const [x, y] = [parseVersion(a), parseVersion(b)]
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]
}

/** Optic's command line, from the installed package (no download, no network). */
function opticBin() {
  const require = createRequire(import.meta.url)
  return join(require.resolve('@useoptic/optic/package.json'), '..', 'build', 'index.js')
}

/**
 * Compares two OpenAPI documents with Optic's `breaking-changes` standard
 * (`optic diff base head --check`): a removed operation, field or enum value,
 * a new required request property or parameter, a narrowed type... A breaking
 * change is let through only when `info.version`'s major moved up.
 */
export async function compareDocuments(base: Document, head: Document): Promise<Comparison> {
  const baseVersion = String(base.info?.version)
  const headVersion = String(head.info?.version)
  const majorMoved = parseVersion(headVersion)[0] > parseVersion(baseVersion)[0]

  const folder = await mkdtemp(join(tmpdir(), 'api-breaking-'))
  let output: string
  let failed = false
  try {
    await writeFile(join(folder, 'released.json'), JSON.stringify(base, null, 2))
    // Optic skips its checks when info.version changes; with the same version it always runs
    // them, and the version rule is applied here, the same for every kind of change.
    const compared = { ...head, info: { ...head.info, version: base.info?.version } }
    await writeFile(join(folder, 'current.json'), JSON.stringify(compared, null, 2))
    const env = {
      ...process.env,
      // Optic's telemetry (Segment, Sentry) stays off: nothing leaves the machine.
      OPTIC_TELEMETRY_LEVEL: 'off',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    }
    // Loose validation: Optic's own schema of OpenAPI 3.1 refuses `jsonSchemaDialect`, a
    // field 3.1 defines; whether the document is valid is the linters' test, not this one.
    const args = [
      opticBin(),
      'diff',
      'released.json',
      'current.json',
      '--check',
      '--validation',
      'loose',
    ]
    try {
      const { stdout, stderr } = await run(process.execPath, args, {
        cwd: folder,
        env,
        maxBuffer: 64 * 1024 * 1024,
      })
      output = stdout + stderr
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
      output = stdout + stderr
      failed = true
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }

  const report = stripVTControlCharacters(output)
  // "Checks: 3/4 passed" when operations changed, "No operations changed" when none did.
  const checks = /Checks:\s*(\d+)\/(\d+) passed/.exec(report)
  const compared = checks || /Operations: No operations changed/.test(report)
  if (!compared || (failed && !checks)) {
    // Optic stopped before it compared anything: an unreadable document, a crash.
    throw new Error(`optic diff did not run its checks:\n${report}`)
  }
  const breaking = failed || (checks !== null && checks[1] !== checks[2])
  const failures = failedChecks(report)

  if (compareVersions(headVersion, baseVersion) < 0) {
    return {
      ok: false,
      baseVersion,
      headVersion,
      breaking,
      failures,
      report,
      summary: `info.version went back from ${baseVersion} to ${headVersion}`,
    }
  }
  if (!breaking) {
    return {
      ok: true,
      baseVersion,
      headVersion,
      breaking,
      failures,
      report,
      summary: `no breaking change since ${baseVersion}`,
    }
  }
  return {
    ok: majorMoved,
    baseVersion,
    headVersion,
    breaking,
    failures,
    report,
    summary: majorMoved
      ? `breaking changes since ${baseVersion}, announced by the major version ${headVersion}`
      : `breaking changes since ${baseVersion} and info.version (${headVersion}) keeps the major ${parseVersion(baseVersion)[0]}`,
  }
}

/** Each failed check of Optic's report, with the operation it is about. */
function failedChecks(report: string) {
  const failures: string[] = []
  let operation = ''
  for (const line of report.split('\n')) {
    const heading = /^x ([A-Z]+ \/\S*):/.exec(line.trim())
    if (heading) operation = heading[1]
    const check = /^x \[([^\]]+)\]\s*(.*)$/.exec(line.trim())
    if (check) failures.push(`${operation ? `${operation}: ` : ''}${check[2] || check[1]}`)
  }
  return failures
}
