/*
| The three sides and what they need: the API's production build (built and
| migrated here), the raw baseline and the Fastify peer (this workspace's
| baseline.ts and peer.ts, run from source), and an SMTP sink for the emails.
*/

import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process'
import { closeSync, existsSync, openSync } from 'node:fs'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { SMTPServer } from 'smtp-server'
import { freePort } from './from_api.js'
import { apiRoot, benchDir, buildDir, workDir, type Secrets } from './options.js'
import { log } from './progress.js'
import type { Account } from './seed.js'

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  execFileSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

/** `node ace build` in the API's project, unless --skip-build and a build is there. */
export function buildApi(skipBuild: boolean) {
  if (skipBuild && existsSync(join(buildDir, 'bin', 'server.js'))) return
  log('building (node ace build)')
  run(process.execPath, ['ace', 'build'], apiRoot)
}

/** The API as production runs it, behind a loopback proxy; the baseline reads the same. */
export function apiEnvironment({
  databaseUrl,
  secrets,
  smtpPort,
  redisUrl,
}: {
  databaseUrl: string
  secrets: Secrets
  smtpPort: number
  redisUrl?: string
}) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_KEY: secrets.appKey,
    PUBLIC_URL: 'http://127.0.0.1:3333',
    DATABASE_URL: databaseUrl,
    MONITORING_SECRET: secrets.monitoringSecret,
    MAIL_MAILER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    TRUSTED_PROXIES: 'loopback',
    LOG_LEVEL: 'warn',
    ...(redisUrl ? { SESSION_STORE: 'redis', LIMITER_STORE: 'redis', REDIS_URL: redisUrl } : {}),
  }
}

/** The build's own migrations, as production runs them. */
export function migrateApi(env: NodeJS.ProcessEnv) {
  log('migrating (node ace migration:run --force)')
  run(process.execPath, ['ace', 'migration:run', '--force'], buildDir, env)
}

/** Accepts every email and drops it. */
export function smtpSink(port: number) {
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
export async function waitForHttp(port: number, path: string) {
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

export interface Side {
  ports: number[]
  pids: (number | undefined)[]
}

/** Every process the bench starts, so that none is left running whatever happens. */
export class Servers {
  #children: ChildProcess[] = []

  /** `instances` processes of the production build, each on its own port, logging to `<name>-<n>.log`. */
  async startApis(
    instances: number,
    env: NodeJS.ProcessEnv,
    { profile = false, nodeFlags = [] as string[] } = {},
    name = 'api',
    build = buildDir
  ): Promise<Side> {
    const side: Side = { ports: [], pids: [] }
    for (let i = 0; i < instances; i++) {
      const port = await freePort()
      const profileArgs = profile ? profilerFlags('profile') : []
      // Its log (warnings and errors only: LOG_LEVEL=warn) is kept for a look afterwards.
      const logFile = openSync(join(workDir, `${name}-${i + 1}.log`), 'w')
      const api = spawn(process.execPath, [...profileArgs, ...nodeFlags, 'bin/server.js'], {
        cwd: build,
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', logFile, 'inherit'],
      })
      closeSync(logFile)
      this.#children.push(api)
      side.ports.push(port)
      side.pids.push(api.pid)
    }
    await Promise.all(side.ports.map((port) => waitForHttp(port, '/health/ready')))
    return side
  }

  /** baseline.ts: the same tables, SMTP settings and limits as the API. */
  async startBaseline(env: NodeJS.ProcessEnv, { profile = false } = {}): Promise<Side> {
    return this.#startSource('baseline.ts', env, profile ? profilerFlags('profile/baseline') : [])
  }

  /** peer.ts, with its own sessions (seeded) and its Redis, checked before it is measured. */
  async startPeer(
    env: { DATABASE_URL: string; PEER_REDIS_URL: string; PEER_SECRET: string },
    account: Account
  ): Promise<Side> {
    const side = await this.#startSource('peer.ts', env)
    await checkPeer(side.ports[0], account)
    return side
  }

  async #startSource(file: string, env: NodeJS.ProcessEnv, flags: string[] = []): Promise<Side> {
    const port = await freePort()
    const child = fork(join(benchDir, file), [], {
      execArgv: ['--import=@poppinss/ts-exec', ...flags],
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    this.#children.push(child)
    await waitForHttp(port, '/health')
    return { ports: [port], pids: [child.pid] }
  }

  /** The processes of `side`, stopped (the others keep running). */
  async stop(side: Side) {
    const children = this.#children.filter((child) => side.pids.includes(child.pid))
    this.#children = this.#children.filter((child) => !children.includes(child))
    await Promise.all(children.map(stop))
  }

  stopAll() {
    return Promise.all(this.#children.map(stop))
  }
}

function stop(child: ChildProcess) {
  return new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done()
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
export async function checkPeerRedis(url: string) {
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

/** Node's CPU profiler, writing into `folder` under tmp/bench/ when the process exits. */
function profilerFlags(folder: string) {
  return ['--cpu-prof', `--cpu-prof-dir=${join(workDir, folder)}`]
}
