import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  checkPage,
  checkReadme,
  extractReadmeCommands,
  machineNode,
  plan,
  shell,
} from '#tests/helpers/readme_commands'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const README = readFileSync(join(ROOT, 'README.md'), 'utf8')

/**
 * A fresh `git clone` of this repository, with the checkout's uncommitted changes on top (what
 * would be committed, so the check sees the README being edited). `npm ci` is not run again:
 * node_modules is the checkout's, linked, as CI installed it a minute before.
 */
async function freshClone() {
  const dir = mkdtempSync(join(tmpdir(), 'readme-commands-'))
  const clone = join(dir, 'events-api')
  await run('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone])
  const git = async (...args: string[]) => {
    const { stdout } = await run('git', args, { cwd: ROOT })
    return stdout.split('\n').filter(Boolean)
  }
  const changed = [
    ...(await git('diff', '--name-only', 'HEAD')),
    ...(await git('ls-files', '--others', '--exclude-standard')),
  ]
  for (const file of changed) {
    const from = join(ROOT, file)
    if (existsSync(from)) cpSync(from, join(clone, file), { recursive: true })
    else rmSync(join(clone, file), { force: true })
  }
  symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'))
  return { dir, clone }
}

test.group('README commands, as a newcomer runs them on a fresh clone', (group) => {
  let dir = ''
  let clone = ''
  group.setup(async () => {
    ;({ dir, clone } = await freshClone())
    return () => rmSync(dir, { recursive: true, force: true })
  })

  test('the machine’s node cannot load ace; `npm run ace --` can', async ({ assert }) => {
    const version = await machineNode(clone)
    const direct = await shell('node ace list', clone)
    if (version.startsWith('v24.')) {
      process.stderr.write(
        `\nThe machine's own node is ${version}: that \`node ace\` fails on an older one was NOT shown here\n\n`
      )
    } else {
      assert.notEqual(direct.code, 0, direct.output)
      assert.match(direct.output, /ERR_UNKNOWN_FILE_EXTENSION|ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX/)
    }
    const viaNpm = await shell('npm run ace -- list', clone)
    assert.equal(viaNpm.code, 0, viaNpm.output)
    assert.include(viaNpm.output, 'make:migration')
    const nodeOfScripts = await shell('npm exec --offline -- node --version', clone)
    assert.match(nodeOfScripts.stdout.trim(), /^v24\./)
  }).timeout(60_000)

  test('the README prints commands from its blocks and its common-tasks table', ({ assert }) => {
    const commands = extractReadmeCommands(README).map(({ command }) => command)
    assert.includeMembers(commands, [
      'npm ci && npm start',
      'npm run ace -- make:migration <name>',
      'npm run client:generate',
      'curl -i $B/health',
    ])
    assert.notInclude(commands.join('\n'), 'node ace ')
    assert.isTrue(commands.every((command) => !command.startsWith('#') && !command.endsWith('\\')))
  })

  test('every README command runs as written, or says why it is not run here', async ({
    assert,
  }) => {
    const { problems, notRun, ran } = await checkReadme(README, clone)
    process.stderr.write(
      `\nREADME commands run on a fresh clone: ${ran.length}\n` +
        `README commands NOT run here, and why:\n${notRun.map((line) => `  ${line}`).join('\n')}\n\n`
    )
    assert.deepEqual(problems, [])
    assert.includeMembers(ran, [
      'npm run ace -- make:migration readme_check',
      'npm run client:generate',
    ])
  }).timeout(180_000)

  test('a README command changed to one that does not run fails the check', async ({ assert }) => {
    const changed = README.replace(
      '`npm run ace -- make:migration <name>`',
      '`node ace make:migration <name>`'
    )
      .replace('`npm run client:generate`', '`npm run client:generat`')
      .replace('npm run fuzz ', 'npm run fuzzz')
      .replace('\n```sh\nB=', '\n```sh\nnpm run ace -- make:migratoin <name>\nB=')
    assert.notEqual(changed, README)
    const unchanged = new Set(extractReadmeCommands(README).map(({ command }) => command))
    const { problems } = await checkReadme(changed, clone, unchanged)
    const failed = (command: string) =>
      problems.some((problem) => problem.startsWith(`${command}:`))

    assert.isTrue(failed('npm run client:generat'), problems.join('\n'))
    assert.isTrue(failed('npm run fuzzz'), problems.join('\n'))
    // A command ace does not have: it runs, and ace refuses it.
    assert.isTrue(failed('npm run ace -- make:migratoin readme_check'), problems.join('\n'))
    // The table's ace command as AdonisJS writes it: it runs, on the machine's node.
    const version = await machineNode(clone)
    if (!version.startsWith('v24.')) {
      assert.isTrue(failed('node ace make:migration readme_check'), problems.join('\n'))
    }
    assert.isTrue(plan({ section: 'Common tasks', command: 'node ace make:migration <name>' }).run)
  }).timeout(120_000)
})

test.group('Documentation pages name what a newcomer can run', () => {
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts
  const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((page) => `docs/${page}`)]

  for (const page of pages.filter((name) => name.endsWith('.md'))) {
    test(`${page}: npm scripts, paths and npx programs exist; ace runs through npm`, ({
      assert,
    }) => {
      const problems = checkPage(readFileSync(join(ROOT, page), 'utf8'), ROOT, scripts)
      assert.deepEqual(problems, [])
    })
  }

  test('the check finds a missing script, path and npx program, and a bare node ace', ({
    assert,
  }) => {
    const page = [
      'Run `npm run nope`, then `npx redocy lint` on `tests/nowhere.spec.ts`.',
      '',
      '```sh\nnode ace jobs:work\n```',
      '',
      'In production: `cd build && node ace jobs:work`; here `npm run ace -- jobs:work`.',
    ].join('\n')
    assert.deepEqual(checkPage(page, ROOT, scripts), [
      'npm script "nope" does not exist: npm run nope',
      'npx redocy: no installed package provides it',
      'tests/nowhere.spec.ts does not exist: tests/nowhere.spec.ts',
      'node ace outside the built app: ```sh',
    ])
  })
})
