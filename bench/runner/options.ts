import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

/** This workspace: the runner, the peer and the baseline. */
export const benchDir = fileURLToPath(new URL('../', import.meta.url))
/** The API's project: the bench builds it and runs its production build. */
export const apiRoot = fileURLToPath(new URL('../../', import.meta.url))
export const buildDir = join(apiRoot, 'build')
/** Embedded PostgreSQL data, the API's logs, CPU profiles and results.json. */
export const workDir = join(apiRoot, 'tmp', 'bench')

export interface BenchOptions {
  /** Seconds per measured run, and of unmeasured warm-up per server and scenario. */
  duration: number
  warmup: number
  /**
   * Unmeasured seconds of the same load right before each measured run: the
   * pools reopen the connections they closed while the other sides ran.
   */
  prime: number
  connections: number
  /**
   * --rate N: N requests a second in all, below what the servers can answer, so each
   * side does the same work and CPU per response is the figure to compare.
   */
  rate?: number
  events: number
  users: number
  /** API processes on the same PostgreSQL, the connections split between them. */
  instances: number
  /** Measured runs per server and scenario, alternating API, peer, baseline. */
  rounds: number
  /** With --soak N, N more GET event requests to the API alone, its RSS sampled as they go. */
  soak: number
  /** With --redis URL, the API keeps sessions and rate limits in that Redis. */
  redisUrl?: string
  /** The Fastify peer's rate-limit store (it needs one); `none`: no peer. */
  peerRedisUrl?: string
  /** The scenario of exactly that name, else every one whose name contains it. */
  only?: string
  /** CPU profiles of the API and of the raw baseline (tmp/bench/profile/). */
  profile: boolean
  /** --api-node-flags="…": Node flags for the API's processes (`--perf-basic-prof` for perf). */
  apiNodeFlags: string[]
  skipBuild: boolean
  /**
   * --against DIR: another build of the API (`npm run build` of another
   * revision) measured in the baseline's place, alternating with this one.
   */
  against?: string
  /** --scale: the same routes on a small and a large database side by side (scale.ts). */
  scale: boolean
  /** The big organization's events (and audit entries) in the large state; the rest follows. */
  scaleEvents: number
  /** Seconds each filter combination is probed for, to find the worst one. */
  probe: number
}

export function readOptions(args = process.argv.slice(2)): BenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      'duration': { type: 'string', default: '10' },
      'connections': { type: 'string' },
      'rate': { type: 'string' },
      'events': { type: 'string', default: '1000' },
      'users': { type: 'string', default: '3000' },
      'instances': { type: 'string', default: '1' },
      'rounds': { type: 'string', default: '2' },
      'warmup': { type: 'string', default: '15' },
      'prime': { type: 'string', default: '2' },
      'redis': { type: 'string' },
      'peer-redis': { type: 'string', default: 'redis://127.0.0.1:6379' },
      'soak': { type: 'string' },
      'only': { type: 'string' },
      'profile': { type: 'boolean', default: false },
      'api-node-flags': { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
      'against': { type: 'string' },
      'scale': { type: 'boolean', default: false },
      'scale-events': { type: 'string', default: '1000000' },
      'probe': { type: 'string', default: '2' },
    },
  })
  const scaleEvents = Number(values['scale-events'])
  if (!Number.isInteger(scaleEvents) || scaleEvents < 1000) {
    throw new Error(
      `--scale-events takes a whole number of at least 1000, not ${values['scale-events']}`
    )
  }
  return {
    duration: Number(values.duration),
    warmup: Number(values.warmup),
    prime: Number(values.prime),
    // --scale measures at 32 connections unless told otherwise.
    connections: Number(values.connections ?? (values.scale ? 32 : 64)),
    rate: values.rate === undefined ? undefined : positiveRate(values.rate),
    events: Number(values.events),
    users: Number(values.users),
    instances: Number(values.instances),
    rounds: Number(values.rounds),
    soak: Number(values.soak ?? 0),
    redisUrl: values.redis,
    peerRedisUrl: values['peer-redis'] === 'none' ? undefined : values['peer-redis'],
    only: values.only,
    profile: values.profile,
    apiNodeFlags: values['api-node-flags']?.split(/\s+/).filter(Boolean) ?? [],
    skipBuild: values['skip-build'],
    against: values.against === undefined ? undefined : againstBuild(values.against),
    scale: values.scale,
    scaleEvents,
    probe: Number(values.probe),
  }
}

/** --rate's requests a second: a whole number above zero. */
function positiveRate(value: string) {
  const rate = Number(value)
  if (!Number.isInteger(rate) || rate < 1) {
    throw new Error(`--rate takes a whole number of requests a second, not ${value}`)
  }
  return rate
}

/**
 * An absolute path to a build of the API: its bin/server.js must be there.
 * A relative one is read from where `npm run bench` was typed (npm's
 * INIT_CWD), not from bench/, where npm runs the workspace's script.
 */
function againstBuild(dir: string) {
  const absolute = resolve(process.env.INIT_CWD ?? process.cwd(), dir)
  if (!existsSync(join(absolute, 'bin/server.js'))) {
    throw new Error(
      `--against takes a build of the API (npm run build), and ${absolute} has no bin/server.js`
    )
  }
  return absolute
}

/** Fresh for every run: the API's APP_KEY and the peer's cookie secret. */
export interface Secrets {
  appKey: string
  peerSecret: string
  /** The API's MONITORING_SECRET (GET /health with details, /metrics). */
  monitoringSecret: string
}

export function freshSecrets(): Secrets {
  return {
    appKey: randomBytes(32).toString('base64url'),
    peerSecret: randomBytes(32).toString('base64url'),
    monitoringSecret: 'bench-secret',
  }
}
