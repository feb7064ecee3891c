import { test } from '@japa/runner'
import { execFile, execFileSync } from 'node:child_process'
import { cp, mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { randomUUID } from 'node:crypto'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * Where unprivileged network namespaces exist (`unshare -rn`), the lint runs with no network at
 * all: proof that squawk downloads nothing (its binary comes from the npm registry at install).
 */
const OFFLINE = (() => {
  try {
    execFileSync('unshare', ['-rn', 'true'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

/** `npm run migrations:lint` (node ace migration:lint), with extra arguments: its exit code and output. */
async function lint(args: string[] = []) {
  const argv = [process.execPath, 'ace', 'migration:lint', ...args]
  const [command, ...rest] = OFFLINE ? ['unshare', '-rn', ...argv] : argv
  try {
    const { stdout, stderr } = await run(command, rest, {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: 'postgres://127.0.0.1:9/unused', NO_COLOR: '1' },
    })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

/** The unsafe migrations the lint must refuse, and what it must say about each. */
const PLANTED = {
  '1999999999001_planted_required_column': {
    source: `import { SafeSchema } from '#database/safe_schema'
export default class extends SafeSchema {
  async up() {
    this.schema.raw('ALTER TABLE events ADD COLUMN x int NOT NULL')
  }
}
`,
    expected: [/1999999999001_planted_required_column\.sql:.*adding-required-field/],
  },
  '1999999999002_planted_blocking_index': {
    source: `import { SafeSchema } from '#database/safe_schema'
export default class extends SafeSchema {
  async up() {
    this.schema.raw('CREATE INDEX events_planted_index ON events (name)')
  }
}
`,
    expected: [/1999999999002_planted_blocking_index\.sql:.*require-concurrent-index-creation/],
  },
  '1999999999003_planted_without_lock_timeout': {
    source: `import { BaseSchema } from '@adonisjs/lucid/schema'
export default class extends BaseSchema {
  async up() {
    this.schema.raw('ALTER TABLE events ADD COLUMN y text')
  }
}
`,
    expected: [
      /1999999999003_planted_without_lock_timeout\.sql:.*require-lock-timeout/,
      /1999999999003_planted_without_lock_timeout: does not extend SafeSchema/,
    ],
  },
}

test.group('Migrations lint (npm run migrations:lint, squawk)', () => {
  test('every migration, regular and post-deploy, passes', async ({ assert }) => {
    const { code, output } = await lint()
    assert.equal(code, 0, output)
    assert.match(output, /\d+ migrations linted with squawk: no problem found/)
  }).timeout(60_000)

  test('a copy of the migrations with unsafe ones planted fails, each named with its rule', async ({
    assert,
    cleanup,
  }) => {
    const scratch = join('tmp', `lint-proof-${randomUUID()}`)
    cleanup(() => rm(join(ROOT, scratch), { recursive: true, force: true }))
    await mkdir(join(ROOT, scratch), { recursive: true })
    await cp(join(ROOT, 'database', 'migrations'), join(ROOT, scratch), { recursive: true })

    // The copy alone passes: what fails below is what was planted.
    const clean = await lint([`--path=${scratch}`])
    assert.equal(clean.code, 0, clean.output)

    for (const [name, { source }] of Object.entries(PLANTED)) {
      await writeFile(join(ROOT, scratch, `${name}.ts`), source)
    }
    const { code, output } = await lint([`--path=${scratch}`])
    assert.equal(code, 1, output)
    for (const { expected } of Object.values(PLANTED)) {
      for (const pattern of expected) assert.match(output, pattern)
    }
    // Only the planted migrations are named.
    const named = new Set([...output.matchAll(/(\d{13})_\w+\.sql:/g)].map(([, id]) => id))
    assert.deepEqual([...named].sort(), ['1999999999001', '1999999999002', '1999999999003'])
  }).timeout(60_000)
})
