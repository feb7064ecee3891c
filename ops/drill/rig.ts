/*
|--------------------------------------------------------------------------
| What the drills share (ops/drill/rolling.ts, ops/drill/failover.ts)
|--------------------------------------------------------------------------
| Processes started into log files and all ended together, Redis, the
| production build, seeded users with signed-in sessions in Redis, and a
| load of requests at a fixed rate with a bound on those in flight.
*/

import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { closeSync, existsSync, openSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { Redis } from 'ioredis'
import { MessageBuilder } from '@adonisjs/core/helpers'
import { Encryption, drivers } from '@adonisjs/core/encryption'
import { freePort } from '#helpers/free_port'

export const root = fileURLToPath(new URL('../../', import.meta.url))
export const buildDir = join(root, 'build')

const startedAt = Date.now()

/** The options every drill takes (node:util parseArgs), beside its own. */
export const LOAD_OPTIONS = {
  'skip-build': { type: 'boolean', default: false },
  // Requests per second.
  'rate': { type: 'string', default: '40' },
  // Requests in flight at most; past it the load waits.
  'concurrency': { type: 'string', default: '16' },
  // Signed-in users: each stays under the API's 100 requests per minute.
  'users': { type: 'string', default: '48' },
  // The whole drill is cut after this many seconds, whatever happens.
  'max-seconds': { type: 'string', default: '300' },
} as const

/** The load's figures from the parsed options. */
export function loadFigures(options: { [K in keyof typeof LOAD_OPTIONS]: string | boolean }) {
  return {
    rate: Number(options.rate),
    concurrency: Number(options.concurrency),
    userCount: Number(options.users),
    maxSeconds: Number(options['max-seconds']),
  }
}

export function log(line: string) {
  process.stdout.write(`\r\x1b[K${line}\n`)
}

/** Seconds since the drill started, for progress lines. */
export function elapsed() {
  return `${((Date.now() - startedAt) / 1000).toFixed(1).padStart(5)}s`
}

export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  execFileSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

export function has(binary: string) {
  try {
    execFileSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

export function haproxyVersion() {
  const output = execFileSync('haproxy', ['-v'], { encoding: 'utf8' })
  return output.match(/version (\S+)/)?.[1] ?? ''
}

/** Whether GET `url` answers 2xx within 2 s. */
export async function answers(url: string) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
    await response.arrayBuffer()
    return response.ok
  } catch {
    return false
  }
}

export async function until(what: string, condition: () => Promise<boolean>, seconds = 60) {
  const deadline = Date.now() + seconds * 1000
  while (Date.now() < deadline) {
    if (await condition()) return
    await sleep(100)
  }
  throw new Error(`gave up waiting ${seconds} s for ${what}`)
}

/** The production build (npm run build), unless asked to reuse one that exists. */
export function productionBuild(skipBuild: boolean) {
  if (skipBuild && existsSync(join(buildDir, 'bin', 'server.js'))) return
  log(`${elapsed()} building the production server (npm run build)`)
  run('npm', ['run', 'build'], root)
}

/** Processes the drill started, their output in files under `workDir`; all ended by `stop()`. */
export class Processes {
  readonly children = new Set<ChildProcess>()

  constructor(private workDir: string) {}

  start(
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    logName: string,
    options: Pick<SpawnOptions, 'cwd' | 'uid' | 'gid'> = {}
  ) {
    const logFile = openSync(join(this.workDir, logName), 'a')
    const child = spawn(command, args, {
      cwd: root,
      ...options,
      env: { ...process.env, ...env },
      stdio: ['ignore', logFile, logFile],
    })
    closeSync(logFile)
    this.children.add(child)
    child.once('exit', () => this.children.delete(child))
    return child
  }

  /** A production instance of the API (the build) on `port`. */
  api(env: NodeJS.ProcessEnv, port: number, logName: string) {
    return this.start(
      process.execPath,
      ['bin/server.js'],
      { ...env, PORT: String(port) },
      logName,
      { cwd: buildDir }
    )
  }

  /** REDIS_URL, or a `redis-server` of its own on a free loopback port, keeping nothing on disk. */
  async redis() {
    if (process.env.REDIS_URL) return process.env.REDIS_URL
    if (!has('redis-server')) {
      throw new Error(
        'no redis-server on this machine: set REDIS_URL (e.g. redis://127.0.0.1:6379) or install it (Debian: apt-get install redis-server)'
      )
    }
    const port = await freePort()
    this.start(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {},
      'redis.log'
    )
    const url = `redis://127.0.0.1:${port}`
    const client = new Redis(url, { lazyConnect: true, retryStrategy: () => 100 })
    client.on('error', () => {})
    await until('redis-server', () =>
      client.ping().then(
        () => true,
        () => false
      )
    )
    client.disconnect()
    return url
  }

  /** SIGKILL to every process still running, and their exit awaited. */
  async stop() {
    const exits = [...this.children].map(
      (child) => new Promise<void>((done) => child.once('exit', () => done()))
    )
    for (const child of this.children) child.kill('SIGKILL')
    await Promise.all(exits)
  }
}

/** The environment of a production instance with sessions and limits in Redis. */
export function productionEnv(appKey: string, databaseUrl: string, redisUrl: string) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_KEY: appKey,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SESSION_STORE: 'redis',
    LIMITER_STORE: 'redis',
    TRUSTED_PROXIES: 'loopback',
    LOG_LEVEL: 'info',
  }
}

export type Account = { organizationId: string; eventId: string; cookie: string }

/** The session cookie's name in production (config/session.ts), which is also its signature's purpose. */
const COOKIE = '__Host-session'
const SESSION_SECONDS = 7 * 24 * 3600

/** Users, one organization and event each, and a signed-in session per user in Redis. */
export async function seedAccounts(
  url: string,
  redisUrl: string,
  appKey: string,
  userCount: number
): Promise<Account[]> {
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

/**
 * A request every 1000/rate ms, whatever the previous ones are doing, with
 * at most `concurrency` in flight: an overloaded machine slows the load
 * down instead of piling up connections. `send(n)` makes the n-th request.
 */
export class Load {
  sent = 0
  readonly startedAt = Date.now()
  #loading = true
  #inFlight = new Set<Promise<void>>()
  #loop: Promise<void>

  constructor(rate: number, concurrency: number, send: (n: number) => Promise<void>) {
    this.#loop = (async () => {
      while (this.#loading) {
        if (this.#inFlight.size >= concurrency) await Promise.race(this.#inFlight)
        const request = send(this.sent++).finally(() => this.#inFlight.delete(request))
        this.#inFlight.add(request)
        const next = this.startedAt + (this.sent * 1000) / rate
        await sleep(Math.max(0, next - Date.now()))
      }
    })()
  }

  /** Stops sending and waits for the requests in flight. */
  async stop() {
    this.#loading = false
    await this.#loop
    await Promise.all(this.#inFlight)
  }
}

/** Progress on one line (a TTY), or a line every 5 s (a log); stopped by the returned function. */
export function progress(line: () => string) {
  let ticks = 0
  const timer = setInterval(() => {
    if (!process.stdout.isTTY) {
      if (ticks++ % 10 === 0) log(`${elapsed()} ${line()}`)
      return
    }
    process.stdout.write(`\r\x1b[K${elapsed()} ${line()}`)
  }, 500)
  return () => {
    clearInterval(timer)
    process.stdout.write('\r\x1b[K')
  }
}
