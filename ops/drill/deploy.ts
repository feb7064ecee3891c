/*
|--------------------------------------------------------------------------
| Deploy drill: npm run drill:deploy
|--------------------------------------------------------------------------
|
| A whole deploy under load, on loopback, in the order docs/releasing.md
| gives: the previous release (releases.json's newest entry, built from its
| commit by ops/previous_release.ts) on two instances behind HAProxy
| (ops/haproxy/haproxy.cfg), with reads, writes and creations whose
| acknowledged answers go in a ledger; a transaction held open on `events`
| (as an export's would); this checkout's regular migrations run under that
| load; the instances replaced one by one by this checkout's build; its
| post-deploy migrations. Prints, per phase, the requests by outcome and
| the slowest; the lock waits the migrations met; and the ledger checked
| against the database at the end.
|
| Target: 0 failed requests, 0 acknowledged writes lost, no request of the
| migration phase slower than DB_MIGRATION_LOCK_TIMEOUT_MS (2000 ms) plus
| the previous release's usual p99.
|
| PostgreSQL: DATABASE_URL, else an embedded one under tmp/drill-deploy/postgres.
| Redis: REDIS_URL, else a `redis-server` started on a free port.
| Needs `haproxy` (Debian: apt-get install haproxy).
|
|   npm run drill:deploy -- --skip-build --rate 40 --hold-seconds 6
|
*/

import { spawn } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { randomBytes } from 'node:crypto'
import type { ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { freePort } from '#helpers/free_port'
import { freshDatabase, scratchPostgres, type ScratchPostgres } from '#ops/scratch_postgres'
import { missingCommit, releaseBuild, releases } from '#ops/previous_release'
import {
  LOAD_OPTIONS,
  Load,
  Processes,
  answers,
  buildDir,
  elapsed,
  has,
  haproxyVersion,
  loadFigures,
  log,
  productionBuild,
  productionEnv,
  progress,
  root,
  run,
  seedAccounts,
  until,
} from '#ops/drill/rig'

const workDir = join(root, 'tmp', 'drill-deploy')
const { values: options } = parseArgs({
  options: {
    ...LOAD_OPTIONS,
    // How long the transaction on `events` stays open once the migrations start.
    'hold-seconds': { type: 'string', default: '6' },
  },
})
const { rate, concurrency, userCount, maxSeconds } = loadFigures(options)
const holdMs = Number(options['hold-seconds']) * 1000
const LOCK_TIMEOUT_MS = 2000
const INSTANCES = 2
const appKey = randomBytes(32).toString('base64url')
const processes = new Processes(workDir)
let postgres: ScratchPostgres | undefined

const PHASES = [
  'warm-up',
  'previous release',
  'migrations under a long transaction',
  'instances replaced',
  'post-deploy migrations',
  'new release',
] as const
type Phase = (typeof PHASES)[number]
type Outcome = { phase: Phase; kind: string; ms: number; status?: number; error?: string }

/** Each server's state as HAProxy sees it (UP, DOWN...), from the stats CSV. */
async function haproxyStates(statsPort: number) {
  const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)
  const csv = await response.text()
  const states: Record<string, string> = {}
  for (const line of csv.split('\n')) {
    const [proxy, server, ...fields] = line.split(',')
    if (proxy === 'api' && server?.startsWith('api')) states[server] = fields[15]
  }
  return states
}

/** A command of a build (node ace ...): its output so far, and its end (exit code and output). */
function ace(cwd: string, args: string[], env: NodeJS.ProcessEnv) {
  const state = { output: '' }
  const child = spawn(process.execPath, ['ace', ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (chunk) => (state.output += chunk))
  child.stderr.on('data', (chunk) => (state.output += chunk))
  const ended = new Promise<{ code: number | null; output: string }>((done) =>
    child.once('exit', (code) => done({ code, output: state.output }))
  )
  return { state, ended }
}

function percentile(values: number[], p: number) {
  if (!values.length) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

async function main() {
  const deadline = setTimeout(() => {
    log(`the drill took more than ${maxSeconds} s: stopping`)
    void cleanup().finally(() => process.exit(2))
  }, maxSeconds * 1000)
  await mkdir(workDir, { recursive: true })
  if (!has('haproxy')) throw new Error('haproxy is needed (Debian: apt-get install haproxy)')

  const previous = releases()[0]
  const missing = missingCommit(previous)
  if (missing) throw new Error(missing)
  const previousBuild = await releaseBuild(previous, (line) => log(`${elapsed()} ${line}`))
  productionBuild(options['skip-build'])

  log(`${elapsed()} starting PostgreSQL and Redis`)
  postgres = await scratchPostgres(workDir)
  const url = await freshDatabase(postgres.url, 'events_drill_deploy')
  const redisUrl = await processes.redis()
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()))
  const [frontPort, statsPort, nobodyPort] = [await freePort(), await freePort(), await freePort()]
  const serverEnv = {
    ...productionEnv(appKey, url, redisUrl),
    PUBLIC_URL: `http://127.0.0.1:${frontPort}`,
    DB_MIGRATION_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS),
  }
  log(`${elapsed()} migrating with ${previous.version}'s migrations`)
  run(process.execPath, ['ace', 'migration:run', '--force'], previousBuild, serverEnv)
  log(`${elapsed()} seeding ${userCount} users with an event and a session each`)
  const accounts = await seedAccounts(url, redisUrl, appKey, userCount)

  const instances = new Map<number, ChildProcess>()
  const startInstance = (index: number, build: string, release: string) =>
    instances.set(
      index,
      processes.start(
        process.execPath,
        ['bin/server.js'],
        { ...serverEnv, PORT: String(ports[index]) },
        `api${index + 1}-${release}.log`,
        { cwd: build }
      )
    )
  for (let index = 0; index < INSTANCES; index++) startInstance(index, previousBuild, 'previous')
  await Promise.all(
    ports.map((port) =>
      until(`api on ${port}`, () => answers(`http://127.0.0.1:${port}/health/ready`))
    )
  )
  processes.start(
    'haproxy',
    ['-db', '-f', join(root, 'ops', 'haproxy', 'haproxy.cfg')],
    {
      HAPROXY_BIND: `127.0.0.1:${frontPort}`,
      HAPROXY_STATS: `127.0.0.1:${statsPort}`,
      API_1: `127.0.0.1:${ports[0]}`,
      API_2: `127.0.0.1:${ports[1]}`,
      // The configuration names three servers; the third is a port nobody listens on (DOWN).
      API_3: `127.0.0.1:${nobodyPort}`,
    },
    'haproxy.log'
  )
  const bothUp = async () => {
    const states = await haproxyStates(statsPort).catch(() => ({}) as Record<string, string>)
    return states.api1 === 'UP' && states.api2 === 'UP'
  }
  await until('HAProxy to see both instances UP', bothUp)
  log(
    `${elapsed()} ${previous.version} on ${INSTANCES} instances behind HAProxy on 127.0.0.1:${frontPort}; load: ${rate} requests/s (GET, PATCH, POST a new event)`
  )

  let phase: Phase = 'warm-up'
  const outcomes: Outcome[] = []
  /** Acknowledged writes: events created (201) and the name each acknowledged PATCH gave. */
  const created: { id: string; organizationId: string; name: string }[] = []
  const front = `http://127.0.0.1:${frontPort}`
  const load = new Load(rate, concurrency, async (n) => {
    const account = accounts[n % accounts.length]
    const kind = ['GET', 'PATCH', 'POST'][n % 3]
    const events = `${front}/organizations/${account.organizationId}/events`
    const name = `Drill ${n}`
    const sentAt = Date.now()
    const requestPhase = phase
    try {
      const response = await fetch(kind === 'POST' ? events : `${events}/${account.eventId}`, {
        method: kind,
        headers: { 'cookie': account.cookie, 'content-type': 'application/json' },
        body: kind === 'GET' ? undefined : JSON.stringify({ name }),
        signal: AbortSignal.timeout(30_000),
      })
      const body = (await response.json().catch(() => undefined)) as
        { data?: { id: string } } | undefined
      outcomes.push({ phase: requestPhase, kind, ms: Date.now() - sentAt, status: response.status })
      if (kind === 'POST' && response.status === 201 && body?.data) {
        created.push({ id: body.data.id, organizationId: account.organizationId, name })
      }
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string } }).cause?.code
      outcomes.push({
        phase: requestPhase,
        kind,
        ms: Date.now() - sentAt,
        error: cause ?? (error as Error).name,
      })
    }
  })
  const expected = (outcome: Outcome) =>
    outcome.status === (outcome.kind === 'POST' ? 201 : 200) && !outcome.error
  let step = 'steady'
  const stopProgress = progress(
    () =>
      `${phase}: ${step} | ${outcomes.length} answered, ${outcomes.filter((o) => !expected(o)).length} failed`
  )

  // The first seconds warm the instances up (JIT, pools): the usual p99 is measured after them.
  await sleep(4000)
  phase = 'previous release'
  await sleep(8000)

  // The migrations while a transaction that read `events` stays open.
  phase = 'migrations under a long transaction'
  step = 'transaction open on events'
  const holder = new pg.Client({ connectionString: url })
  await holder.connect()
  await holder.query('BEGIN ISOLATION LEVEL REPEATABLE READ')
  await holder.query('SELECT count(*) FROM events')
  const migrationsAt = Date.now()
  step = 'migrations running (node ace migration:run --force)'
  const migrating = ace(buildDir, ['migration:run', '--force'], serverEnv)
  // Held at least --hold-seconds, and until the migrations met the lock at least once (at most 30 s).
  const released = (async () => {
    while (
      Date.now() - migrationsAt < holdMs ||
      (!migrating.state.output.includes('migration lock wait') &&
        Date.now() - migrationsAt < 30_000)
    ) {
      await sleep(100)
    }
    step = 'transaction ended, migrations retrying'
    await holder.query('COMMIT')
    await holder.end()
    return Date.now()
  })()
  const migration = await migrating.ended
  const releasedAt = await released
  const migrationMs = Date.now() - migrationsAt
  if (migration.code !== 0) throw new Error(`the migrations failed:\n${migration.output}`)
  const lockWaits = migration.output
    .split('\n')
    .filter((line) => line.includes('migration lock wait'))
  log(
    `${elapsed()} migrations done in ${migrationMs} ms (${lockWaits.length} lock wait(s); the transaction was held ${releasedAt - migrationsAt} ms)`
  )
  await sleep(2000)

  phase = 'instances replaced'
  const replaced: string[] = []
  for (let index = 0; index < INSTANCES; index++) {
    const name = `api${index + 1}`
    const instance = instances.get(index)!
    step = `SIGTERM to ${name} (${previous.version}), draining`
    const stopAt = Date.now()
    const exited = new Promise<number | null>((done) => instance.once('exit', (code) => done(code)))
    instance.kill('SIGTERM')
    const code = await exited
    step = `${name} starting with the new release`
    startInstance(index, buildDir, 'new')
    await until(`${name} to be ready`, () =>
      answers(`http://127.0.0.1:${ports[index]}/health/ready`)
    )
    step = `${name} ready, waiting for HAProxy to see it UP`
    await until(`HAProxy to see ${name} UP`, bothUp)
    replaced.push(
      `${name}: ${previous.version} exited ${code} after SIGTERM, the new release UP ${Date.now() - stopAt} ms after`
    )
    log(`${elapsed()} ${replaced.at(-1)}`)
  }

  phase = 'post-deploy migrations'
  step = 'node ace migration:run --force --connection=post_deploy'
  const postDeployAt = Date.now()
  const postDeploy = await ace(
    buildDir,
    ['migration:run', '--force', '--connection=post_deploy'],
    serverEnv
  ).ended
  if (postDeploy.code !== 0)
    throw new Error(`the post-deploy migrations failed:\n${postDeploy.output}`)
  const postDeployMs = Date.now() - postDeployAt
  await sleep(2000)

  phase = 'new release'
  step = 'steady'
  await sleep(5000)
  await load.stop()
  stopProgress()
  clearTimeout(deadline)

  // The ledger against the database: every acknowledged creation is there.
  const check = new pg.Client({ connectionString: url })
  await check.connect()
  const { rows } = await check.query(
    'SELECT id, organization_id FROM events WHERE id = ANY($1::uuid[])',
    [created.map(({ id }) => id)]
  )
  const { rows: constraint } = await check.query(
    `SELECT convalidated FROM pg_constraint WHERE conname = 'events_metadata_is_object'`
  )
  await check.end()
  const found = new Set(rows.map((row) => `${row.id}/${row.organization_id}`))
  const lost = created.filter(({ id, organizationId }) => !found.has(`${id}/${organizationId}`))

  log('')
  log(
    `Deploy drill: ${previous.version} (${previous.commit.slice(0, 12)}) -> this checkout, ${INSTANCES} instances behind HAProxy ${haproxyVersion()}`
  )
  const seconds = (Date.now() - load.startedAt) / 1000
  log(
    `${load.sent} requests in ${seconds.toFixed(0)} s (${(load.sent / seconds).toFixed(1)}/s of ${rate}/s asked, at most ${concurrency} in flight), GET, PATCH and POST in turn, ${userCount} signed-in users`
  )
  log('')
  log(
    '| phase | requests | failed | p50 ms | p99 ms | slowest ms | failures |\n|---|---:|---:|---:|---:|---:|---|'
  )
  for (const name of PHASES) {
    const ofPhase = outcomes.filter((outcome) => outcome.phase === name)
    const failures = ofPhase.filter((outcome) => !expected(outcome))
    const kinds = new Map<string, number>()
    for (const failure of failures) {
      const kind = `${failure.kind} ${failure.error ?? failure.status}`
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
    }
    const ms = ofPhase.map((outcome) => outcome.ms)
    log(
      `| ${name} | ${ofPhase.length} | ${failures.length} | ${percentile(ms, 50)} | ${percentile(ms, 99)} | ${Math.max(0, ...ms)} | ${[...kinds].map(([kind, count]) => `${count}× ${kind}`).join(', ') || '-'} |`
    )
  }
  const failed = outcomes.filter((outcome) => !expected(outcome)).length
  log(`| all | ${outcomes.length} | ${failed} | | | | |`)
  log('')
  const usualP99 = percentile(
    outcomes.filter((o) => o.phase === 'previous release').map((o) => o.ms),
    99
  )
  const migrationSlowest = Math.max(
    0,
    ...outcomes.filter((o) => o.phase === 'migrations under a long transaction').map((o) => o.ms)
  )
  const bound = LOCK_TIMEOUT_MS + usualP99
  log(
    `Migrations: ${migrationMs} ms with a transaction on events held ${releasedAt - migrationsAt} ms; ${lockWaits.length} lock wait(s) of ${LOCK_TIMEOUT_MS} ms each, retried; post-deploy migrations ${postDeployMs} ms (check validated: ${constraint[0]?.convalidated ?? 'missing'})`
  )
  for (const line of lockWaits) {
    const entry = JSON.parse(line.slice(line.indexOf('{'))) as {
      attempt: number
      retryInMs: number
      migration: string
    }
    log(
      `  lock wait: ${entry.migration}, attempt ${entry.attempt}, retried after ${entry.retryInMs} ms`
    )
  }
  log(
    `Slowest request while migrating: ${migrationSlowest} ms; bound: lock_timeout ${LOCK_TIMEOUT_MS} ms + the previous release's p99 ${usualP99} ms = ${bound} ms`
  )
  log(`Acknowledged writes: ${created.length} events created, ${lost.length} lost`)
  for (const line of replaced) log(line)
  log(`logs: tmp/drill-deploy/`)

  const ok = failed === 0 && lost.length === 0 && migrationSlowest <= bound
  log(ok ? 'target met' : 'TARGET MISSED')
  await cleanup()
  process.exit(ok ? 0 : 1)
}

async function cleanup() {
  await processes.stop()
  await postgres?.stop().catch(() => {})
}

process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)))
main().catch(async (error) => {
  log(`drill failed: ${error instanceof Error ? error.message : error}`)
  await cleanup()
  process.exit(1)
})
