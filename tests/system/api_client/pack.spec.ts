import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { test } from '@japa/runner'
import { resetDatabase } from '#tests/helpers/database'
import { apiBaseUrl, PACKAGE_DIR, ROOT } from '#tests/helpers/api_client'

const run = promisify(execFile)

/** npm as a frontend developer runs it: none of this repository's npm settings leak in. */
function npm(args: string[], cwd: string) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_'))
  )
  return run('npm', args, { cwd, env, maxBuffer: 16 * 1024 * 1024 })
}

/** A consumer's code, in JavaScript (run) and TypeScript (compiled against the shipped types). */
const CONSUMER = `import { createApiClient, createCookieFetch, errorCodes } from '@events-api/api-client'

const api = createApiClient({ baseUrl: process.argv[2] })
const login = await api.POST('/auth/login', {
  body: { email: 'nobody@example.com', password: 'not-the-password' },
})
const me = await api.GET('/auth/me')
const health = await api.GET('/health/live')

// Server-side, as the README says: a fetch that keeps the session cookie.
const server = createApiClient({ baseUrl: process.argv[2], fetch: createCookieFetch() })
const signup = await server.POST('/auth/signup', {
  body: { email: 'node@example.com', password: 'a-long-password-1' },
})
const mine = await server.GET('/auth/me')
console.log(
  JSON.stringify({
    login: login.response.status,
    loginCodes: errorCodes(login.error),
    me: me.response.status,
    health: health.data?.status,
    signup: signup.response.status,
    signedInAs: mine.data?.data.email,
  })
)
`

test.group('Typed client: the npm package', (group) => {
  let folder: string | undefined
  group.each.setup(() => resetDatabase())
  group.each.teardown(async () => {
    if (folder) await rm(folder, { recursive: true, force: true })
  })

  test('npm pack installs into a fresh folder and runs there against the API', async ({
    assert,
  }) => {
    folder = await mkdtemp(join(tmpdir(), 'api-client-'))
    const { stdout } = await npm(['pack', '--json', '--pack-destination', folder], PACKAGE_DIR)
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as {
      filename: string
      files: { path: string }[]
    }[]
    const shipped = packed.files.map((file) => file.path)
    assert.includeMembers(shipped, [
      'package.json',
      'README.md',
      'dist/index.js',
      'dist/index.d.ts',
    ])
    assert.isUndefined(shipped.find((path) => path.startsWith('src/') || path.startsWith('tests/')))

    const app = join(folder, 'app')
    await run('mkdir', [app])
    await writeFile(
      join(app, 'package.json'),
      JSON.stringify({ name: 'frontend', private: true, type: 'module' })
    )
    await npm(
      ['install', '--prefer-offline', '--no-audit', '--no-fund', join(folder, packed.filename)],
      app
    )
    const installed = JSON.parse(
      await readFile(join(app, 'node_modules/@events-api/api-client/package.json'), 'utf8')
    )
    assert.equal(installed.name, '@events-api/api-client')

    await writeFile(join(app, 'main.js'), CONSUMER)
    const result = await run(process.execPath, ['main.js', apiBaseUrl()], { cwd: app })
    assert.deepEqual(JSON.parse(result.stdout), {
      login: 400,
      loginCodes: ['auth.invalid_credentials'],
      me: 401,
      health: 'ok',
      signup: 201,
      signedInAs: 'node@example.com',
    })

    // The shipped types, seen from outside: a right call compiles, a wrong one does not.
    await writeFile(join(app, 'main.ts'), CONSUMER)
    await writeFile(
      join(app, 'wrong.ts'),
      `import { createApiClient } from '@events-api/api-client'\nawait createApiClient({ baseUrl: '' }).POST('/auth/login', { body: { email: 1 } })\n`
    )
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
    const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022']
    flags.push('--lib', 'es2022,dom')
    // No @types/node in the fresh folder: declare the one Node global the consumer reads.
    await writeFile(join(app, 'globals.d.ts'), 'declare const process: { argv: string[] }\n')
    await run(process.execPath, [tsc, ...flags, 'main.ts', 'globals.d.ts'], { cwd: app })
    const wrong = await run(process.execPath, [tsc, ...flags, 'wrong.ts'], {
      cwd: app,
    }).catch((error: { stdout: string }) => error.stdout)
    assert.match(String(wrong), /wrong\.ts.*error TS/)
  }).timeout(120_000)
})
