import type { Logger } from '@adonisjs/core/logger'

/** The first line of what failed: the message, never a stack or a driver's client object. */
function reasonOf(error: unknown) {
  const text = error instanceof Error ? error.message : String(error ?? '')
  return text.split('\n', 1)[0]
}

/**
 * One warning when a dependency (PostgreSQL, Redis) stops answering and one
 * when it is back, with how long it was gone: an outage is an event for the
 * on-call, not a line per reconnect attempt, and never fatal (the process
 * goes on: every route answers 503 until the dependency returns).
 */
/**
 * How long a dependency must keep answering before its outage is logged as
 * over: a failover flaps (a connection made to the old primary, then lost)
 * and is one outage for the on-call, not one per flap. Answers follow the
 * dependency at once; only the log and the outage count wait.
 */
const SETTLE_MS = 1000

export default class DependencyOutages {
  #since = new Map<string, number>()
  /** Outages whose dependency answers again, not yet logged as over: when each began, its end timer. */
  #settling = new Map<string, { since: number; timer: NodeJS.Timeout }>()
  /** Outages started, by dependency: PostgreSQL always, the others once heard of. */
  #started = new Map<string, number>([['postgresql', 0]])

  constructor(private logger: Logger) {}

  /** `name` failed (a connection refused or lost): logged only if it was up. */
  down(name: string, error?: unknown) {
    if (this.#since.has(name)) return
    const settling = this.#settling.get(name)
    if (settling) {
      // Lost again before it settled: the same outage goes on.
      clearTimeout(settling.timer)
      this.#settling.delete(name)
      this.#since.set(name, settling.since)
      return
    }
    this.#since.set(name, Date.now())
    this.#started.set(name, (this.#started.get(name) ?? 0) + 1)
    this.logger.warn(
      { dependency: name, reason: reasonOf(error) },
      `${name} unreachable: answering 503 until it is back`
    )
  }

  /** `name` answers again: logged once it has stayed up, with how long it was gone. */
  up(name: string) {
    if (!this.#started.has(name)) this.#started.set(name, 0)
    const since = this.#since.get(name)
    if (since === undefined) return
    this.#since.delete(name)
    const outageMs = Date.now() - since
    const timer = setTimeout(() => {
      this.#settling.delete(name)
      this.logger.warn({ dependency: name, outageMs }, `${name} is back after ${outageMs} ms`)
    }, SETTLE_MS)
    timer.unref()
    this.#settling.set(name, { since, timer })
  }

  isDown(name: string) {
    return this.#since.has(name)
  }

  /**
   * A side pool (the job queue's) lost a connection to `name`: part of the
   * outage when one is on, else one info line without the stack. Only the
   * app's pool starts and ends outages: a side pool's stale connection
   * after a failover would otherwise start one that nothing ends.
   */
  sidePoolFailed(name: string, error: unknown, what: string) {
    if (this.isDown(name)) return
    this.logger.info({ dependency: name, reason: reasonOf(error) }, what)
  }

  /** Each dependency heard of, whether it answers, and how many outages it had. */
  dependencies() {
    return [...this.#started].map(([name, outages]) => ({ name, up: !this.isDown(name), outages }))
  }

  /**
   * The database driver's own warnings (knex prints one with a stack per
   * failed attempt): a connection that could not be opened is an outage of
   * PostgreSQL; a pooled connection found dead is replaced by the pool (an
   * info line: if the server is gone, the outage follows); a pool that
   * stays full past the acquire timeout is one line, without the stack.
   */
  databaseDriverWarning(message: string) {
    const line = message.split('\n', 1)[0]
    if (/^Acquire connection error: (?!TimeoutError)/.test(line)) {
      return this.down('postgresql', line.slice(line.indexOf(':') + 2))
    }
    if (this.isDown('postgresql')) return
    if (line.startsWith('Connection Error:')) {
      return this.logger.info(
        { dependency: 'postgresql', reason: line },
        'database connection lost'
      )
    }
    this.logger.warn({ dependency: 'postgresql' }, line)
  }
}
