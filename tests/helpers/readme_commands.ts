import { spawn } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/**
 * The shell commands the README prints, as a newcomer would type them: its fenced `sh` blocks
 * and the backticked commands of its common-tasks table. tests/system/docs/readme_commands.spec.ts
 * runs the ones that need no outside server in a fresh clone; the rest say why they are not run.
 */
export type ReadmeCommand = { section: string; command: string }

/** A command and what the check does with it: run it in the clone, or say why not. */
export type Plan =
  | {
      command: ReadmeCommand
      run: true
      input?: string
      expect?: (result: Result, clone: string) => string | null
    }
  /** `why: null`: no rule knows the command. */
  | { command: ReadmeCommand; run: false; why: string | null }

export type Result = { code: number; output: string; stdout: string }

/** `# comment` lines and trailing comments go; `\`-continued lines join. */
function shellLines(block: string): string[] {
  const lines: string[] = []
  let pending = ''
  for (const raw of block.split('\n')) {
    // A `#` after a space starts a comment, unless a single quote closes after it.
    const line = raw.replace(/\s+#(?![^']*'[^']*$).*$/, '').trimEnd()
    if (pending === '' && /^\s*(#|$)/.test(line)) continue
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1).trim() + ' '
      continue
    }
    lines.push((pending + line.trim()).trim())
    pending = ''
  }
  return lines
}

/** A backticked span of the table is a command when it starts with a program or `VAR=` then one. */
const COMMAND_START = /^(?:[A-Z_]+=\S+\s+)*(?:npm|npx|node|curl|git|ls)\b|^[A-Z_]+=\S+$/

export function extractReadmeCommands(markdown: string): ReadmeCommand[] {
  const commands: ReadmeCommand[] = []
  let section = ''
  let fence: string[] | null = null
  for (const line of markdown.split('\n')) {
    if (fence !== null) {
      if (line.startsWith('```')) {
        commands.push(...shellLines(fence.join('\n')).map((command) => ({ section, command })))
        fence = null
      } else {
        fence.push(line)
      }
      continue
    }
    if (line.startsWith('## ')) section = line.slice(3).trim()
    if (/^```(sh|bash|shell)\s*$/.test(line)) fence = []
    if (section === 'Common tasks' && line.startsWith('|') && !/^\|\s*-/.test(line)) {
      const cells = line.split('|').map((cell) => cell.trim())
      for (const [, span] of (cells[2] ?? '').matchAll(/`([^`]+)`/g)) {
        if (COMMAND_START.test(span)) commands.push({ section, command: span })
      }
    }
  }
  return commands
}

/** The repository paths a command names (a placeholder such as `<file>` keeps its folder). */
export function namedPaths(command: string): string[] {
  const paths = command.match(
    /(?<![\w/.:#-])(?:tests|database|packages|docs|ops|bin|app|config|start)\/[\w./<>-]*/g
  )
  return (paths ?? []).map((path) => path.replace(/<[^>]*>.*$/, ''))
}

/** The npm scripts a command names: `npm run x`, `npm start`, `npm test`. */
export function namedScripts(command: string): string[] {
  const scripts = [
    ...command.matchAll(/\bnpm (?:run(?:-script)? (?:-s )?([\w:-]+)|(start|test)\b)/g),
  ]
  return scripts.map(([, run, lifecycle]) => run ?? lifecycle)
}

/** The name the check gives `make:migration <name>` in the clone. */
const MIGRATION_NAME = 'readme_check'

/**
 * What each README command is, in order; the first that matches decides. A command none of
 * them matches fails the check: whoever adds one to the README says here whether it runs.
 */
const RULES: Array<{
  match: (command: ReadmeCommand) => boolean
  plan: (command: ReadmeCommand) => Plan
}> = [
  {
    match: ({ command }) => /\| node -pe '[^']*'/.test(command),
    plan: (command) => ({
      command,
      run: true,
      // The tour pipes the API's answer into the machine's own node: feed it one such answer.
      input: '{"data":{"id":"0a1b"}}',
      expect: (result) => (result.stdout.trim() === '0a1b' ? null : 'did not print data.id'),
    }),
  },
  {
    // An ace command with a name to give: the check gives MIGRATION_NAME, in the clone.
    match: ({ command }) => /^(?:npm run ace --|node ace) [\w:]+ <name>$/.test(command),
    plan: (command) => ({
      command: { ...command, command: command.command.replace('<name>', MIGRATION_NAME) },
      run: true,
      expect: (_result, clone) =>
        !command.command.includes(' make:migration ') ||
        readdirSync(join(clone, 'database/migrations')).some((file) =>
          file.includes(MIGRATION_NAME)
        )
          ? null
          : 'made no file under database/migrations/',
    }),
  },
  {
    match: ({ section }) => section === 'A short tour',
    plan: (command) => ({
      command,
      run: false,
      why: 'the tour talks to `npm start` on localhost:3333',
    }),
  },
  {
    match: ({ command }) => /^npm ci && npm (start|test)$/.test(command),
    plan: (command) => ({
      command,
      run: false,
      why: 'npm ci is what CI does first (.ci/run); npm start serves until stopped, npm test is CI itself',
    }),
  },
  {
    match: ({ command }) => /^npm test\b/.test(command),
    plan: (command) => ({ command, run: false, why: 'the test suite: CI runs it (.ci/run)' }),
  },
  {
    match: ({ command }) => /^DB_HOST=\S+ .*npm test$/.test(command),
    plan: (command) => ({ command, run: false, why: 'needs your own PostgreSQL' }),
  },
  {
    match: ({ command }) => /db\.internal|standby\.internal/.test(command),
    plan: (command) => ({ command, run: false, why: 'needs an outside PostgreSQL' }),
  },
  {
    match: ({ command }) => command === 'npm run fuzz',
    plan: (command) => ({
      command,
      run: false,
      why: '10 000 requests, minutes; npm test runs 300',
    }),
  },
  {
    match: ({ command }) => command === 'npm run dev',
    plan: (command) => ({ command, run: false, why: 'a server that runs until stopped' }),
  },
  {
    match: ({ command }) => command === 'npm run typecheck' || command === 'npm run lint',
    plan: (command) => ({ command, run: false, why: 'CI runs it on this same tree (.ci/run)' }),
  },
  {
    match: ({ command }) => command === 'npm run bench',
    plan: (command) => ({
      command,
      run: false,
      why: 'minutes of load on every core; never in tests',
    }),
  },
  {
    match: ({ command }) => /^npm run drill:/.test(command),
    plan: (command) => ({
      command,
      run: false,
      why: 'minutes, and HAProxy, Redis or Patroni with etcd (docs/operations.md)',
    }),
  },
  {
    match: ({ command }) => command === 'npm run migration:post-deploy',
    plan: (command) => ({
      command,
      run: false,
      why: 'once per deploy, after the regular migrations and the new instances (docs/releasing.md); npm test runs the post-deploy migrations itself',
    }),
  },
  {
    match: ({ command }) => command === 'npm run migrations:lint',
    plan: (command) => ({ command, run: true }),
  },
  {
    match: ({ command }) => command === 'npm run format' || command === 'npm run client:generate',
    plan: (command) => ({ command, run: true }),
  },
]

export function plan(command: ReadmeCommand): Plan {
  const rule = RULES.find(({ match }) => match(command))
  return rule ? rule.plan(command) : { command, run: false, why: null }
}

/** The command to run for a plan: a tour pipe runs only its `node -pe` end. */
export function runnable(planned: Plan): string {
  const node = /\| (node -pe '[^']*')/.exec(planned.command.command)
  return node ? node[1] : planned.command.command
}

/**
 * A newcomer's environment: the machine's PATH without any node_modules/.bin (which npm puts
 * first for its scripts, so `node` would be the project's 24), no npm_* variables, nothing of
 * the test process's own settings.
 */
export function newcomerEnv(): NodeJS.ProcessEnv {
  const path = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => entry !== '' && !entry.includes('node_modules'))
    .join(delimiter)
  return {
    PATH: path,
    HOME: process.env.HOME,
    USER: process.env.USER,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
  }
}

export function shell(command: string, cwd: string, input = '', timeoutMs = 120_000) {
  return new Promise<Result>((resolve) => {
    const child = spawn('bash', ['-c', command], { cwd, env: newcomerEnv(), timeout: timeoutMs })
    let output = ''
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk
      output += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    child.stdin.end(input)
    child.on('close', (code, signal) =>
      resolve({
        code: code ?? (signal ? 128 : 1),
        output: signal ? `${output}\n(${signal})` : output,
        stdout,
      })
    )
  })
}

/** The version of the `node` a newcomer's shell finds: the machine's own. */
export async function machineNode(cwd: string) {
  const { stdout } = await shell('node --version', cwd)
  return stdout.trim()
}

/**
 * What is wrong with a README as a newcomer would run it in `clone`: a command nobody
 * classified, an npm script or a path that does not exist, a run that fails. Commands in
 * `checked` are passed over (already checked as they are). Returns the problems, the commands
 * run, and those not run with why.
 */
export async function checkReadme(markdown: string, clone: string, checked = new Set<string>()) {
  const scripts = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >
  const problems: string[] = []
  const notRun: string[] = []
  const ran: string[] = []
  const commands = extractReadmeCommands(markdown).filter(({ command }) => !checked.has(command))
  for (const command of commands) {
    const planned = plan(command)
    const text = planned.command.command
    for (const script of namedScripts(text)) {
      if (!(script in scripts)) problems.push(`${text}: package.json has no "${script}" script`)
    }
    for (const path of namedPaths(text)) {
      if (!existsSync(join(clone, path))) problems.push(`${text}: ${path} does not exist`)
    }
    if (!planned.run) {
      if (planned.why === null) {
        problems.push(
          `${text}: not classified (tests/helpers/readme_commands.ts: run it, or say why not)`
        )
      } else {
        notRun.push(`${text}  (${planned.why})`)
      }
      continue
    }
    const result = await shell(runnable(planned), clone, planned.input)
    const wrong =
      result.code !== 0 ? `exit ${result.code}` : (planned.expect?.(result, clone) ?? null)
    if (wrong) {
      problems.push(`${text}: ${wrong}\n${result.output.trim().split('\n').slice(-8).join('\n')}`)
    } else {
      ran.push(text)
    }
  }
  return { commands, problems, notRun, ran }
}

/** Paragraphs, list items and table rows, with each fenced block as one of them. */
function paragraphs(markdown: string): string[] {
  const chunks: string[] = []
  let current: string[] = []
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    if (!fenced && !line.startsWith('```') && /^\s*$|^\s*[-|] |^\d+\. /.test(line)) {
      chunks.push(current.join('\n'))
      current = []
    }
    current.push(line)
  }
  chunks.push(current.join('\n'))
  return chunks.filter((chunk) => chunk.trim() !== '')
}

/**
 * What a documentation page names that a newcomer could not run: an npm script package.json
 * does not have, a repository path that does not exist, an `npx` program no package installs,
 * and `node ace` outside the built app (there `node` is the Node 24 the host installed; in a
 * checkout the machine's own node cannot load the TypeScript entry: `npm run ace --`).
 */
export function checkPage(markdown: string, root: string, scripts: Record<string, string>) {
  const problems: string[] = []
  const fences = [...markdown.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```/gm)].map(
    ([, body]) => body
  )
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map(([, span]) => span)
  for (const text of [...fences, ...spans]) {
    for (const script of namedScripts(text)) {
      if (!(script in scripts))
        problems.push(`npm script "${script}" does not exist: ${text.trim()}`)
    }
    for (const path of namedPaths(text)) {
      // bin/server.js and the like are the built app's: their source is the .ts beside.
      const source = path.replace(/\*.*$/, '').replace(/\.js$/, '.ts')
      if (!existsSync(join(root, path.replace(/\*.*$/, ''))) && !existsSync(join(root, source))) {
        problems.push(`${path} does not exist: ${text.trim()}`)
      }
    }
    for (const [, program] of text.matchAll(/\bnpx (?:-\S+ )*([\w@/.-]+)/g)) {
      if (!existsSync(join(root, 'node_modules/.bin', program))) {
        problems.push(`npx ${program}: no installed package provides it`)
      }
    }
  }
  for (const chunk of paragraphs(markdown)) {
    if (/\bnode ace\b/.test(chunk) && !/\bbuild\b|npm run ace --/.test(chunk)) {
      problems.push(`node ace outside the built app: ${chunk.trim().split('\n')[0]}`)
    }
  }
  return problems
}
