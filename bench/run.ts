/*
|--------------------------------------------------------------------------
| npm run bench
|--------------------------------------------------------------------------
|
| Builds and starts the production server on PostgreSQL (an embedded one
| under tmp/bench unless DATABASE_URL is given), seeds users, organizations,
| events and sessions straight into the database, and loads the API and the
| raw baseline (bench/baseline.ts) with autocannon, alternating API and
| baseline runs (A B A B). Prints one table and writes tmp/bench/results.json.
|
|   npm run bench -- --duration 10 --connections 64 --events 1000 --users 3000
|                    --instances 2 --profile --skip-build --warmup 5
|                    --redis redis://127.0.0.1:6379  (sessions and limits in Redis)
|                    --soak 1000000  (then 1 000 000 GET event, API RSS sampled)
|                    --peer-redis redis://127.0.0.1:6379  (the Fastify peer's Redis)
|
| GET event is also run against bench/peer.ts, the same route written the
| stock Fastify 5 way; it keeps its rate-limit counters in Redis, so the
| bench needs one (`--peer-redis URL`, default the local one; `none` skips
| the peer).
|
*/

import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { Redis } from 'ioredis'
import { freePort } from '#helpers/free_port'
import { freshDatabase, scratchPostgres, type ScratchPostgres } from '#ops/scratch_postgres'
import { SMTPServer } from 'smtp-server'
import { MessageBuilder } from '@adonisjs/core/helpers'
import { Encryption, drivers } from '@adonisjs/core/encryption'
import { Signer } from '@fastify/cookie'

const root = fileURLToPath(new URL('../', import.meta.url))
const workDir = join(root, 'tmp', 'bench')
const { values: options } = parseArgs({
  options: {
    'duration': { type: 'string', default: '10' },
    'connections': { type: 'string', default: '64' },
    'events': { type: 'string', default: '1000' },
    'users': { type: 'string', default: '3000' },
    'instances': { type: 'string', default: '1' },
    'rounds': { type: 'string', default: '2' },
    'warmup': { type: 'string', default: '5' },
    'redis': { type: 'string' },
    'peer-redis': { type: 'string', default: 'redis://127.0.0.1:6379' },
    'soak': { type: 'string' },
    'only': { type: 'string' },
    'profile': { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
  },
})
const duration = Number(options.duration)
const connections = Number(options.connections)
const eventCount = Number(options.events)
const userCount = Number(options.users)
const instances = Number(options.instances)
const rounds = Number(options.rounds)
const warmup = Number(options.warmup)
/** With --soak N, N more GET event requests to the API alone, its RSS sampled as they go. */
const soakRequests = Number(options.soak ?? 0)
/** With --redis URL, the API keeps sessions and rate limits in that Redis. */
const redisUrl = options.redis
/** The Fastify peer's rate-limit store (it needs one); `none`: no peer. */
const peerRedisUrl = options['peer-redis'] === 'none' ? undefined : options['peer-redis']
const peerSecret = randomBytes(32).toString('base64url')
const appKey = randomBytes(32).toString('base64url')
const monitoringSecret = 'bench-secret'
const children: ChildProcess[] = []
let postgres: ScratchPostgres | undefined

function log(line: string) {
  process.stderr.write(`\r\x1b[K${line}\n`)
}

function progress(line: string) {
  process.stderr.write(`\r\x1b[K${line}`)
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  execFileSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

type Account = {
  userId: string
  organizationId: string
  eventId: string
  cookie: string
  /** The Fastify peer's own session cookie (connect-pg-simple's `session` table). */
  peerCookie: string
}

/** Users, one organization each, events spread over them, a session per user. */
async function seed(url: string): Promise<Account[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query(
    `CREATE TEMP TABLE bench_users AS
       SELECT i, gen_random_uuid() AS user_id, gen_random_uuid() AS org_id
         FROM generate_series(1, $1::int) i`,
    [userCount]
  )
  await client.query(`INSERT INTO users (id, email, full_name, password, created_at, updated_at)
    SELECT user_id, 'bench' || i || '@bench.test', 'Bench ' || i, 'not-a-hash', now(), now() FROM bench_users`)
  await client.query(`INSERT INTO organizations (id, name, created_at, updated_at)
    SELECT org_id, 'Org ' || i, now(), now() FROM bench_users`)
  await client.query(`INSERT INTO organization_members (organization_id, user_id, created_at)
    SELECT org_id, user_id, now() FROM bench_users`)
  for (let from = 1; from <= eventCount; from += 100_000) {
    const to = Math.min(eventCount, from + 99_999)
    progress(`seeding events ${from}-${to} of ${eventCount}`)
    await client.query(
      `WITH inserted AS (
         INSERT INTO events (id, organization_id, name, status, event_type, metadata, created_at, updated_at)
         SELECT gen_random_uuid(), b.org_id, 'Event ' || g, 'PLANNING', 'ONE_OFF',
                '{"category":"wedding","guestCount":{"approximate":100}}', now(), now()
           FROM generate_series($1::int, $2::int) g JOIN bench_users b ON b.i = 1 + (g % $3::int)
         RETURNING id)
       INSERT INTO event_addresses (event_id, city, country, postal_code, created_at, updated_at)
       SELECT id, 'Ottawa', 'CA', 'K1A 0B1', now(), now() FROM inserted`,
      [from, to, userCount]
    )
  }
  const { rows } =
    await client.query(`SELECT DISTINCT ON (b.i) b.user_id, b.org_id, e.id AS event_id
      FROM bench_users b JOIN events e ON e.organization_id = b.org_id ORDER BY b.i, e.id`)

  // The app's own signer (config/encryption.ts), so the cookies are the ones it hands out.
  const encryption = new Encryption(
    await drivers.aes256gcm({ id: 'gcm', keys: [appKey] }).resolver(undefined as never)
  )
  const verifier = encryption.getMessageVerifier()
  const peerSigner = new Signer(peerSecret)
  const accounts = rows.map((row) => {
    const sessionId = randomUUID()
    return {
      sessionId,
      userId: row.user_id as string,
      organizationId: row.org_id as string,
      eventId: row.event_id as string,
      // The production cookie name (config/session.ts): the bench runs the app in production.
      cookie: `__Host-session=s:${verifier.sign(sessionId, undefined, '__Host-session')}`,
      data: new MessageBuilder().build(sessionData(row.user_id), undefined, sessionId),
      peerSessionId: sessionId,
      peerCookie: `sessionId=${encodeURIComponent(peerSigner.sign(sessionId))}`,
    }
  })
  await client.query(
    `INSERT INTO sessions (id, data, user_id, expires_at)
     SELECT *, now() + make_interval(secs => $4) FROM unnest($1::text[], $2::text[], $3::uuid[])`,
    [
      accounts.map((a) => a.sessionId),
      accounts.map((a) => a.data),
      accounts.map((a) => a.userId),
      SESSION_SECONDS,
    ]
  )
  // The peer's sessions, as @fastify/session and connect-pg-simple write them (its table.sql).
  await client.query(`CREATE TABLE session (sid varchar NOT NULL COLLATE "default" PRIMARY KEY,
    sess json NOT NULL, expire timestamp(6) NOT NULL)`)
  await client.query('CREATE INDEX "IDX_session_expire" ON session (expire)')
  const peerExpiry = new Date(Date.now() + SESSION_SECONDS * 1000)
  await client.query(
    `INSERT INTO session (sid, sess, expire)
     SELECT sid, json_build_object('cookie', json_build_object('originalMaxAge', $3::bigint,
              'expires', $4::text, 'secure', true, 'httpOnly', true, 'path', '/'), 'userId', uid),
            $4::timestamptz
       FROM unnest($1::text[], $2::text[]) AS t(sid, uid)`,
    [
      accounts.map((a) => a.peerSessionId),
      accounts.map((a) => a.userId),
      SESSION_SECONDS * 1000,
      peerExpiry.toISOString(),
    ]
  )
  // Freshly loaded tables: vacuumed, analysed and flushed now, not by autovacuum or a
  // checkpoint in the middle of the first measured run.
  await client.query('VACUUM ANALYZE')
  await client.query('CHECKPOINT').catch(() => {}) // needs superuser or pg_checkpoint
  await client.end()
  if (redisUrl) {
    // As @adonisjs/session's Redis store writes them: the id as key, the signed data, a TTL.
    const redis = new Redis(redisUrl)
    const pipeline = redis.pipeline()
    for (const a of accounts) {
      pipeline.setex(a.sessionId, SESSION_SECONDS, a.data)
    }
    await pipeline.exec()
    await redis.quit()
  }
  return accounts
}

/** The app's session age (config/session.ts). */
const SESSION_SECONDS = 7 * 24 * 3600

/** What a signed-in session holds: the user, and its device seen just now (no write due). */
function sessionData(userId: string) {
  const now = new Date().toISOString()
  return {
    auth_web: userId,
    device: { createdAt: now, lastSeenAt: now, ipAddress: '127.0.0.1', userAgent: 'autocannon' },
  }
}

function smtpSink(port: number) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      stream.resume()
      stream.on('end', () => callback())
    },
  })
  // A client hanging up mid-conversation is no reason to stop the bench.
  server.on('error', () => {})
  return new Promise<SMTPServer>((done) => server.listen(port, '127.0.0.1', () => done(server)))
}

/** Until `path` answers 200 (the API's readiness opens once its dependencies answered). */
async function waitForHttp(port: number, path: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const ok = await fetch(`http://127.0.0.1:${port}${path}`).then(
      (response) => response.ok,
      () => false
    )
    if (ok) return
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`nothing answers 200 on port ${port}${path}`)
}

/** A field of /proc/<pid>/status in MB (VmRSS = RssAnon + RssFile + RssShmem), null once gone. */
function statusMb(pid: number | undefined, field: string) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024)
  } catch {
    return null
  }
}

function rssMb(pid: number | undefined) {
  return statusMb(pid, 'VmRSS')
}

type Setup = (request: { headers: Record<string, string> }, n: number) => autocannon.Request

type Scenario = {
  name: string
  setup: Setup
  /** What the baseline is asked instead, when not the same request. */
  baselineSetup?: Setup
  /** The same request to the Fastify peer (GET event only). */
  peerSetup?: Setup
}

function scenarios(accounts: Account[]): Scenario[] {
  const account = (n: number) => accounts[n % accounts.length]
  const json = { 'content-type': 'application/json' }
  const ip = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  const stamp = Date.now()
  const getEvent: Setup = (_, n) => {
    const a = account(n)
    return {
      method: 'GET',
      path: `/organizations/${a.organizationId}/events/${a.eventId}`,
      headers: { cookie: a.cookie },
    }
  }
  // The Redis stores are measured against the least a GET can cost: one query.
  if (redisUrl) {
    return [
      {
        name: 'GET event, Redis stores (baseline: one query)',
        setup: getEvent,
        baselineSetup: (_, n) => {
          const a = account(n)
          return {
            method: 'GET',
            path: `/one/organizations/${a.organizationId}/events/${a.eventId}?user=${a.userId}`,
          }
        },
      },
    ]
  }
  return [
    {
      name: 'GET event',
      setup: getEvent,
      peerSetup: (_, n) => {
        const a = account(n)
        return {
          method: 'GET',
          path: `/organizations/${a.organizationId}/events/${a.eventId}`,
          // Its session cookie is `secure` (the default): the proxy says the request was https.
          headers: { 'cookie': a.peerCookie, 'x-forwarded-proto': 'https' },
        }
      },
    },
    {
      name: 'GET event list',
      setup: (_, n) => {
        const a = account(n)
        return {
          method: 'GET',
          path: `/organizations/${a.organizationId}/events`,
          headers: { cookie: a.cookie },
        }
      },
    },
    {
      name: 'PATCH event',
      setup: (_, n) => {
        const a = account(n)
        return {
          method: 'PATCH',
          path: `/organizations/${a.organizationId}/events/${a.eventId}`,
          headers: { ...json, cookie: a.cookie },
          body: JSON.stringify({ name: `Event ${n}`, metadata: { guestCount: { min: n % 50 } } }),
        }
      },
    },
    {
      name: 'POST event',
      setup: (_, n) => {
        const a = account(n)
        return {
          method: 'POST',
          path: `/organizations/${a.organizationId}/events`,
          headers: { ...json, cookie: a.cookie },
          body: JSON.stringify({
            name: `New ${n}`,
            metadata: { category: 'wedding' },
            address: { city: 'Ottawa', country: 'CA', postalCode: 'K1A 0B1' },
          }),
        }
      },
    },
    {
      name: 'GET /health (secret)',
      setup: (_, n) => ({
        method: 'GET',
        path: '/health',
        headers: { 'x-monitoring-secret': monitoringSecret, 'x-forwarded-for': ip(n) },
      }),
    },
    {
      name: 'POST subscribe',
      setup: (_, n) => ({
        method: 'POST',
        path: '/newsletter/subscribe',
        headers: { ...json, 'x-forwarded-for': ip(n) },
        body: JSON.stringify({ email: `b${stamp}-${n}-${Math.random()}@bench.test` }),
      }),
    },
  ]
}

type Measure = {
  /** CPU time the server process(es) used per response: what a core buys, whatever the load. */
  cpuMsPerRequest: number
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  total: number
}

/**
 * Autocannon on every port at once, the connections split between them:
 * for `seconds`, or until `amount` requests in all. `onResponse` sees each.
 */
function cannon(
  ports: number[],
  setup: Setup,
  limit: { seconds: number } | { amount: number },
  onResponse: () => void
) {
  let counter = 0
  return Promise.all(
    ports.map(
      (port) =>
        new Promise<autocannon.Result>((finished, failed) => {
          const instance = autocannon(
            {
              url: `http://127.0.0.1:${port}`,
              connections: Math.max(1, Math.round(connections / ports.length)),
              ...('seconds' in limit
                ? { duration: limit.seconds }
                : { amount: Math.ceil(limit.amount / ports.length) }),
              requests: [
                { setupRequest: (request: any) => ({ ...request, ...setup(request, counter++) }) },
              ],
            },
            (error, result) => (error ? failed(error) : finished(result))
          )
          instance.on('response', onResponse)
        })
    )
  )
}

/** One autocannon run per port, side by side (connections split between them). */
/** CPU time (user + system) a process has used so far, in ms; 0 once gone. */
function cpuMs(pid: number | undefined) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // utime and stime (fields 14 and 15 of stat), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0
  }
}

/**
 * Every rate-limit counter back to zero: the API's and the baseline's (one
 * table, or the API's Redis) and the peer's (its Redis). Each run starts
 * with fresh counters, so none of them serves cheap 429s because an earlier
 * run spent its users' minute.
 */
async function limitResetter(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const stores = [
    ...(peerRedisUrl ? [{ url: peerRedisUrl, pattern: 'fastify-rate-limit-*' }] : []),
    // rate-limiter-flexible's default key prefix (config/limiter.ts sets none).
    ...(redisUrl ? [{ url: redisUrl, pattern: 'rlflx:*' }] : []),
  ].map(({ url, pattern }) => ({ redis: new Redis(url), pattern }))
  return {
    async reset() {
      await client.query('DELETE FROM rate_limits')
      for (const { redis, pattern } of stores) {
        const keys = await redis.keys(pattern)
        if (keys.length > 0) await redis.del(...keys)
      }
    },
    async close() {
      await client.end()
      for (const { redis } of stores) redis.disconnect()
    },
  }
}

async function load(
  ports: number[],
  setup: Setup,
  label: string,
  seconds = duration,
  pids: (number | undefined)[] = []
): Promise<Measure> {
  let done = 0
  const cpuBefore = pids.reduce<number>((sum, pid) => sum + cpuMs(pid), 0)
  const started = Date.now()
  const ticker = setInterval(() => {
    const elapsed = (Date.now() - started) / 1000
    progress(
      `${label}: ${elapsed.toFixed(0)}/${seconds} s, ${done} responses, ${Math.round(done / elapsed)} req/s`
    )
  }, 1000)
  const results = await cannon(ports, setup, { seconds }, () => done++)
  clearInterval(ticker)
  const total = results.reduce((sum, r) => sum + r.requests.total, 0)
  const cpu = pids.reduce<number>((sum, pid) => sum + cpuMs(pid), 0) - cpuBefore
  return {
    cpuMsPerRequest: total > 0 ? Math.round((cpu / total) * 1000) / 1000 : 0,
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    total,
  }
}

type RssSample = {
  requests: number
  seconds: number
  rssMb: number | null
  /** The anonymous part of RSS (heaps, stacks), without the executable's mapped pages. */
  rssAnonMb?: number | null
  /** V8's heap, used and reserved, as the API's /metrics reports them. */
  heapUsedMb?: number
  heapTotalMb?: number
  /** Memory V8 knows of outside its heap (Buffers, ArrayBuffers). */
  externalMb?: number
}

/** The API's own view of its heap, from /metrics (prom-client's default metrics). */
async function heapOf(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${monitoringSecret}` },
  })
  const text = await response.text()
  const read = (name: string) =>
    Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN) / 2 ** 20)
  return {
    heapUsedMb: read('nodejs_heap_size_used_bytes'),
    heapTotalMb: read('nodejs_heap_size_total_bytes'),
    externalMb: read('nodejs_external_memory_bytes'),
  }
}

/**
 * `total` GET event requests to the API alone (no baseline), the RSS of its
 * first process sampled every `total / 20` responses. Memory is flat when
 * the samples after the first stay within ±10% of each other.
 */
async function soak(ports: number[], setup: Setup, total: number, pid: number | undefined) {
  let done = 0
  const started = Date.now()
  const every = Math.max(1, Math.floor(total / 20))
  const samples: RssSample[] = [
    {
      requests: 0,
      seconds: 0,
      rssMb: rssMb(pid),
      rssAnonMb: statusMb(pid, 'RssAnon'),
      ...(await heapOf(ports[0])),
    },
  ]
  const pending: Promise<void>[] = []
  const ticker = setInterval(() => {
    const elapsed = (Date.now() - started) / 1000
    progress(
      `soak: ${done}/${total} responses, ${Math.round(done / elapsed)} req/s, API RSS ${rssMb(pid)} MB`
    )
  }, 1000)
  const results = await cannon(ports, setup, { amount: total }, () => {
    done++
    if (done % every !== 0) return
    const sample: RssSample = {
      requests: done,
      seconds: Math.round((Date.now() - started) / 1000),
      rssMb: rssMb(pid),
      rssAnonMb: statusMb(pid, 'RssAnon'),
    }
    samples.push(sample)
    pending.push(heapOf(ports[0]).then((heap) => void Object.assign(sample, heap)))
  })
  clearInterval(ticker)
  await Promise.all(pending)
  const steady = samples.slice(2).map((sample) => sample.rssMb ?? 0)
  return {
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    seconds: Math.round((Date.now() - started) / 1000),
    samples,
    /** Past the first tenth (JIT, pools, heap growth): the spread of the samples. */
    steadyMinMb: Math.min(...steady),
    steadyMaxMb: Math.max(...steady),
    steadySpreadPercent:
      Math.round(((Math.max(...steady) - Math.min(...steady)) / Math.min(...steady)) * 1000) / 10,
  }
}

function average(measures: Measure[]): Measure {
  const mean = (pick: (m: Measure) => number) =>
    Math.round((measures.reduce((sum, m) => sum + pick(m), 0) / measures.length) * 10) / 10
  return {
    cpuMsPerRequest:
      Math.round(
        (measures.reduce((sum, m) => sum + m.cpuMsPerRequest, 0) / measures.length) * 1000
      ) / 1000,
    rps: mean((m) => m.rps),
    p50: mean((m) => m.p50),
    p99: mean((m) => m.p99),
    non2xx: measures.reduce((sum, m) => sum + m.non2xx, 0),
    errors: measures.reduce((sum, m) => sum + m.errors, 0),
    total: measures.reduce((sum, m) => sum + m.total, 0),
  }
}

function stop(child: ChildProcess) {
  return new Promise<void>((done) => {
    if (child.exitCode !== null) return done()
    child.once('exit', () => done())
    child.kill('SIGTERM')
  })
}

/**
 * The peer does what it is said to: the event for a seeded session, and,
 * with @fastify/session's defaults, that session saved back and its cookie
 * set again on this response too.
 */
async function checkPeer(port: number, account: Account) {
  const response = await fetch(
    `http://127.0.0.1:${port}/organizations/${account.organizationId}/events/${account.eventId}`,
    { headers: { 'cookie': account.peerCookie, 'x-forwarded-proto': 'https' } }
  )
  const body = (await response.json()) as { data?: { id?: string } }
  if (response.status !== 200 || body.data?.id !== account.eventId) {
    throw new Error(`The Fastify peer answered ${response.status}: ${JSON.stringify(body)}`)
  }
  if (!response.headers.get('set-cookie')?.startsWith('sessionId=')) {
    throw new Error('The Fastify peer did not set its session cookie again, as its defaults do')
  }
}

/** The peer cannot run without its Redis: said plainly, before anything is built. */
async function checkPeerRedis(url: string) {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 })
  redis.on('error', () => {})
  try {
    await redis.connect()
    await redis.ping()
  } catch {
    throw new Error(
      `The Fastify peer keeps its rate-limit counters in Redis and none answers at ${url}: ` +
        'pass --peer-redis redis://HOST:PORT (or --peer-redis none to leave the peer out).'
    )
  } finally {
    redis.disconnect()
  }
}

async function main() {
  const buildDir = join(root, 'build')
  if (peerRedisUrl) await checkPeerRedis(peerRedisUrl)
  await mkdir(workDir, { recursive: true })
  if (!options['skip-build'] || !existsSync(join(buildDir, 'bin', 'server.js'))) {
    log('building (node ace build)')
    run(process.execPath, ['ace', 'build'], root)
  }
  log('starting PostgreSQL')
  postgres = await scratchPostgres(workDir)
  const url = await freshDatabase(postgres.url, 'events_bench')
  const serverEnv = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_KEY: appKey,
    PUBLIC_URL: 'http://127.0.0.1:3333',
    DATABASE_URL: url,
    MONITORING_SECRET: monitoringSecret,
    MAIL_MAILER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(await freePort()),
    TRUSTED_PROXIES: 'loopback',
    LOG_LEVEL: 'warn',
    ...(redisUrl ? { SESSION_STORE: 'redis', LIMITER_STORE: 'redis', REDIS_URL: redisUrl } : {}),
  }
  const smtp = await smtpSink(Number(serverEnv.SMTP_PORT))
  log('migrating (node ace migration:run --force)')
  run(process.execPath, ['ace', 'migration:run', '--force'], buildDir, serverEnv)
  log(`seeding ${userCount} users, organizations and sessions, ${eventCount} events`)
  const accounts = await seed(url)
  const limits = await limitResetter(url)
  // Every warm-up and measured run starts with the counters at zero.
  const measure: typeof load = async (...args) => {
    await limits.reset()
    return load(...args)
  }

  const apiPorts: number[] = []
  const apis: ChildProcess[] = []
  for (let i = 0; i < instances; i++) {
    const port = await freePort()
    const profileArgs = options.profile
      ? ['--cpu-prof', `--cpu-prof-dir=${join(workDir, 'profile')}`]
      : []
    // Its log (warnings and errors only: LOG_LEVEL=warn) is kept for a look afterwards.
    const logFile = openSync(join(workDir, `api-${i + 1}.log`), 'w')
    const api = spawn(process.execPath, [...profileArgs, 'bin/server.js'], {
      cwd: buildDir,
      env: { ...process.env, ...serverEnv, PORT: String(port) },
      stdio: ['ignore', logFile, 'inherit'],
    })
    closeSync(logFile)
    children.push(api)
    apis.push(api)
    apiPorts.push(port)
  }
  const baselinePort = await freePort()
  const baseline = fork(join(root, 'bench', 'baseline.ts'), [], {
    execArgv: ['--import=@poppinss/ts-exec'],
    env: { ...process.env, ...serverEnv, PORT: String(baselinePort) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  children.push(baseline)
  const peerPort = await freePort()
  let peerPid: number | undefined
  if (peerRedisUrl) {
    const peer = fork(join(root, 'bench', 'peer.ts'), [], {
      execArgv: ['--import=@poppinss/ts-exec'],
      env: {
        ...process.env,
        PORT: String(peerPort),
        DATABASE_URL: url,
        PEER_REDIS_URL: peerRedisUrl,
        PEER_SECRET: peerSecret,
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    children.push(peer)
    peerPid = peer.pid
  }
  await Promise.all([
    ...apiPorts.map((port) => waitForHttp(port, '/health/ready')),
    waitForHttp(baselinePort, '/health'),
    ...(peerRedisUrl ? [waitForHttp(peerPort, '/health')] : []),
  ])

  if (peerRedisUrl) await checkPeer(peerPort, accounts[0])

  // --only: the scenario of exactly that name, else every one whose name contains it.
  const only = options.only?.toLowerCase()
  const names = scenarios(accounts).map((scenario) => scenario.name.toLowerCase())
  const chosen = (name: string) =>
    !only ||
    (names.includes(only) ? name.toLowerCase() === only : name.toLowerCase().includes(only))
  const rows = []
  for (const scenario of scenarios(accounts)) {
    if (!chosen(scenario.name)) continue
    const rssBefore = apis.map((api) => rssMb(api.pid))
    const baselineSetup = scenario.baselineSetup ?? scenario.setup
    const peerSetup = peerRedisUrl ? scenario.peerSetup : undefined
    const api: Measure[] = []
    const raw: Measure[] = []
    const peer: Measure[] = []
    const rssAfterRounds: (number | null)[][] = []
    // Not measured: every server's JIT warms up on this scenario's code first.
    if (warmup > 0) {
      await measure(apiPorts, scenario.setup, `${scenario.name}, API, warm-up`, warmup)
      if (peerSetup) await measure([peerPort], peerSetup, `${scenario.name}, peer, warm-up`, warmup)
      await measure([baselinePort], baselineSetup, `${scenario.name}, baseline, warm-up`, warmup)
    }
    // A B C A B C: API, Fastify peer, raw baseline.
    for (let round = 1; round <= rounds; round++) {
      api.push(
        await measure(
          apiPorts,
          scenario.setup,
          `${scenario.name}, API, round ${round}/${rounds}`,
          duration,
          apis.map((p) => p.pid)
        )
      )
      rssAfterRounds.push(apis.map((p) => rssMb(p.pid)))
      if (peerSetup) {
        peer.push(
          await measure(
            [peerPort],
            peerSetup,
            `${scenario.name}, peer, round ${round}/${rounds}`,
            duration,
            [peerPid]
          )
        )
      }
      raw.push(
        await measure(
          [baselinePort],
          baselineSetup,
          `${scenario.name}, baseline, round ${round}/${rounds}`,
          duration,
          [baseline.pid]
        )
      )
    }
    const a = average(api)
    const b = average(raw)
    const f = peer.length > 0 ? average(peer) : null
    rows.push({
      scenario: scenario.name,
      api: a,
      baseline: b,
      ratio: Math.round((a.rps / b.rps) * 100) / 100,
      peer: f,
      peerRatio: f ? Math.round((a.rps / f.rps) * 100) / 100 : null,
      rssBeforeMb: rssBefore,
      rssAfterMb: apis.map((p) => rssMb(p.pid)),
      rssAfterEachApiRoundMb: rssAfterRounds,
    })
  }
  const soaked =
    soakRequests > 0
      ? await soak(apiPorts, scenarios(accounts)[0].setup, soakRequests, apis[0].pid)
      : undefined
  progress('')

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    options: {
      duration,
      warmup,
      connections,
      events: eventCount,
      users: userCount,
      instances,
      rounds,
    },
    database: process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL',
    stores: redisUrl ? 'Redis' : 'PostgreSQL',
    soak: soaked,
    rows,
  }
  await mkdir(workDir, { recursive: true })
  await writeFile(join(workDir, 'results.json'), JSON.stringify(results, null, 2))
  printTable(results)

  await limits.close()
  await Promise.all(children.map(stop))
  await new Promise<void>((done) => smtp.close(() => done()))
  await postgres?.stop()
  if (options.profile) log(`CPU profile of the API: ${join(workDir, 'profile')}/*.cpuprofile`)
  log(`results: ${join(workDir, 'results.json')}, the API's log: ${join(workDir, 'api-*.log')}`)
}

function printTable(results: { options: Record<string, number>; rows: any[]; soak?: any }) {
  const { options: o } = results
  console.log(
    `\n${o.connections} connections, ${o.duration} s per run after ${o.warmup} s of warm-up, ` +
      `${o.rounds} rounds alternating (API, Fastify peer, baseline), ` +
      `${o.events} events, ${o.users} users, ${o.instances} API instance(s)\n`
  )
  console.log(
    '| scenario | API req/s | p50 ms | p99 ms | non-2xx | CPU ms/req | Fastify peer req/s | p50 ms | p99 ms | non-2xx | CPU ms/req | API / peer | baseline req/s | p50 ms | p99 ms | non-2xx | CPU ms/req | API / baseline | API RSS MB before → after |'
  )
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--|')
  for (const row of results.rows) {
    const a = row.api
    const b = row.baseline
    const p = row.peer
    const peerCells = p
      ? `${p.rps} | ${p.p50} | ${p.p99} | ${p.non2xx + p.errors} | ${p.cpuMsPerRequest} | ${row.peerRatio}`
      : '- | - | - | - | - | -'
    console.log(
      `| ${row.scenario} | ${a.rps} | ${a.p50} | ${a.p99} | ${a.non2xx + a.errors} | ${a.cpuMsPerRequest} | ${peerCells} | ${b.rps} | ${b.p50} | ${b.p99} | ${b.non2xx + b.errors} | ${b.cpuMsPerRequest} | ${row.ratio} | ${row.rssBeforeMb.join('+')} → ${row.rssAfterMb.join('+')} |`
    )
  }
  // A refusal (429, 409) costs less than the work it refuses: a side that
  // answered some has a req/s that is not the route's.
  const refused = results.rows.filter((row) =>
    [row.api, row.baseline, row.peer].some((m) => m && m.non2xx + m.errors > 0)
  )
  for (const row of refused) {
    console.log(`\nwarning: ${row.scenario} had non-2xx answers: its ratios are not comparable`)
  }
  const { soak: soaked } = results
  if (soaked) {
    const rss = soaked.samples.map((sample: RssSample) => sample.rssMb).join(' ')
    const anon = soaked.samples.map((sample: RssSample) => sample.rssAnonMb).join(' ')
    const heap = soaked.samples
      .map((sample: RssSample) => `${sample.heapUsedMb}/${sample.heapTotalMb}/${sample.externalMb}`)
      .join(' ')
    console.log(
      `\nsoak: ${soaked.requests} GET event in ${soaked.seconds} s, ${soaked.non2xx} non-2xx; ` +
        `API RSS (MB) every ${soaked.samples[1]?.requests ?? '-'} requests: ${rss}; ` +
        `after the first tenth ${soaked.steadyMinMb}-${soaked.steadyMaxMb} MB ` +
        `(spread ${soaked.steadySpreadPercent}%); of which anonymous: ${anon}; ` +
        `V8 heap used/total/external (MB): ${heap}`
    )
  }
}

process.once('SIGINT', async () => {
  await Promise.all(children.map(stop))
  await postgres?.stop()
  process.exit(130)
})

try {
  await main()
} catch (error) {
  console.error(error)
  await Promise.all(children.map(stop))
  await postgres?.stop()
  process.exitCode = 1
}
