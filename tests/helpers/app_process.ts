import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import config from '@adonisjs/core/services/config'
import type { PostgreConfig } from '@adonisjs/lucid/types/database'
import env from '#start/env'
import { freePort } from '#helpers/free_port'

export { freePort }

/** The body of a 503 while a dependency is down (contract, "Faults and outages"). */
export const UNAVAILABLE = {
  errors: [
    {
      message: 'The service is temporarily unavailable, please retry shortly',
      code: 'common.service.unavailable',
    },
  ],
}

const APP_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The test database as a URL, optionally reached through another port (a proxy). */
export function testDatabaseUrl(port?: number) {
  const connection = (config.get('database.connections.postgres') as PostgreConfig).connection as {
    connectionString?: string
    host?: string
    port?: number
    user?: string
    password?: string
    database?: string
  }
  const url = connection.connectionString
    ? new URL(connection.connectionString)
    : new URL(
        `postgres://${encodeURIComponent(connection.user ?? 'postgres')}:${encodeURIComponent(
          connection.password ?? ''
        )}@${connection.host}:${connection.port}/${connection.database}`
      )
  if (port) {
    url.hostname = '127.0.0.1'
    url.port = String(port)
  }
  return url.toString()
}

/** How the process starts: node's arguments, in `cwd`. */
type Launch = { cwd: string; args: string[] }

/**
 * The API as its own process (`bin/server.ts`), by default with the
 * production settings, so behaviour that differs in production is tested
 * as deployed: started with only the environment given here.
 */
export class AppProcess {
  output = ''
  exitCode: number | null = null
  #child?: ChildProcess
  #exited?: Promise<number | null>

  constructor(
    public port: number,
    private environment: Record<string, string>,
    private launch: Launch = {
      cwd: APP_ROOT,
      args: ['--import=@poppinss/ts-exec', 'bin/server.ts'],
    }
  ) {}

  /** `launch`: another build of the API (a previous release's `bin/server.js`), this checkout's by default. */
  static async production(environment: Record<string, string> = {}, launch?: Launch) {
    const port = await freePort()
    return new AppProcess(
      port,
      {
        NODE_ENV: 'production',
        APP_KEY: 'test-app-key-of-at-least-32-characters',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: testDatabaseUrl(),
        MONITORING_SECRET: 'production-monitoring-secret',
        MAIL_MAILER: 'smtp',
        SMTP_HOST: env.get('SMTP_HOST') ?? '127.0.0.1',
        SMTP_PORT: String(env.get('SMTP_PORT')),
        SMTP_TIMEOUT_MS: '2000',
        MAIL_FROM: 'Events <hello@events.test>',
        LOG_LEVEL: 'warn',
        // No drain on SIGTERM unless a test asks for one: stopping stays quick.
        SHUTDOWN_DRAIN_MS: '0',
        ...environment,
      },
      launch
    )
  }

  get url() {
    return `http://127.0.0.1:${this.port}`
  }

  /**
   * Starts the process; resolves once it answers `waitFor` with 200 (or
   * exits). 'ready': its dependencies are connected; 'live': it listens.
   */
  async start({ waitFor = 'ready' as 'ready' | 'live' | 'nothing' } = {}) {
    this.#child = spawn(process.execPath, this.launch.args, {
      cwd: this.launch.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...this.environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.#child.stdout!.on('data', (chunk) => (this.output += chunk))
    this.#child.stderr!.on('data', (chunk) => (this.output += chunk))
    this.#exited = new Promise((resolve) =>
      this.#child!.once('exit', (code) => {
        this.exitCode = code
        resolve(code)
      })
    )
    if (waitFor === 'nothing') return
    for (let attempt = 0; attempt < 300 && this.exitCode === null; attempt++) {
      if (await this.answers(`/health/${waitFor}`)) return
      await sleep(100)
    }
    if (this.exitCode !== null)
      throw new Error(`the app exited (${this.exitCode}):\n${this.output}`)
  }

  /** Whether GET `path` answers 200. */
  async answers(path = '/health/live') {
    try {
      const response = await fetch(`${this.url}${path}`)
      return response.ok
    } catch {
      return false
    }
  }

  /** The status of GET `path` (or of the request `init` describes). */
  async status(path: string, init: RequestInit = {}) {
    const response = await this.fetch(path, init)
    await response.arrayBuffer()
    return response.status
  }

  fetch(path: string, init: RequestInit = {}) {
    return fetch(`${this.url}${path}`, init)
  }

  /** Sends SIGTERM (or `signal`) and resolves with the exit code. */
  terminate(signal: NodeJS.Signals = 'SIGTERM') {
    this.#child?.kill(signal)
    return this.exited()
  }

  exited() {
    return this.#exited ?? Promise.resolve(this.exitCode)
  }

  /** Ends the process whatever it is doing (test cleanup). */
  async kill() {
    if (this.exitCode !== null || !this.#child) return
    this.#child.kill('SIGKILL')
    await this.exited()
  }
}

/** Where the test database listens, for a proxy put in front of it. */
export function testDatabaseTarget() {
  const url = new URL(testDatabaseUrl())
  return { host: url.hostname, port: Number(url.port || 5432) }
}

/** A JSON request for `fetch`. */
export function jsonRequest(method: string, body?: unknown, headers: Record<string, string> = {}) {
  return {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  }
}

/** A JSON log line of a server process (pino), with the fields the tests read. */
export type LogLine = {
  level: number
  msg: string
  err?: unknown
  dependency?: string
  [field: string]: unknown
}

/** The JSON lines among what a process wrote (production logs JSON on stdout). */
export function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
}
