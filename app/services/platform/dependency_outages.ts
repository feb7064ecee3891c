import type { Logger } from '@adonisjs/core/logger'

/**
 * One warning when a dependency (PostgreSQL, Redis) stops answering and one
 * when it is back, with how long it was gone: an outage is an event for the
 * on-call, not a line per reconnect attempt, and never fatal (the process
 * goes on: every route answers 503 until the dependency returns).
 */
export default class DependencyOutages {
  #since = new Map<string, number>()

  constructor(private logger: Logger) {}

  /** `name` failed (a connection refused or lost): logged only if it was up. */
  down(name: string, error?: unknown) {
    if (this.#since.has(name)) return
    this.#since.set(name, Date.now())
    this.logger.warn(
      { dependency: name, err: error },
      `${name} unreachable: answering 503 until it is back`
    )
  }

  /** `name` answers again: logged only if it was down, with the outage's length. */
  up(name: string) {
    const since = this.#since.get(name)
    if (since === undefined) return
    this.#since.delete(name)
    const outageMs = Date.now() - since
    this.logger.warn({ dependency: name, outageMs }, `${name} is back after ${outageMs} ms`)
  }

  isDown(name: string) {
    return this.#since.has(name)
  }
}
