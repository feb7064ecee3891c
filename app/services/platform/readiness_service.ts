import { setTimeout as sleep } from 'node:timers/promises'
import type { HealthChecks } from '@adonisjs/core/health'

/**
 * Whether this instance should take traffic, as a load balancer asks it
 * (GET /health/ready): the start-up gate is open, no drain has begun and the
 * dependencies (PostgreSQL, and Redis when a store lives there) answer. A
 * probe result is reused for up to `maxAgeMs`, so probes cannot overload
 * the database. `connected` turns true at the first success of the start-up
 * sequence (`connect`) and stays so: until then the server answers 503,
 * afterwards an outage shows per request.
 */
export default class ReadinessService {
  connected = false
  /** From the first moment of a drain (SIGTERM) to the exit. */
  draining = false
  #last?: { at: number; ready: Promise<boolean> }

  constructor(
    private checks: HealthChecks,
    private maxAgeMs = 1000
  ) {}

  /** What GET /health/ready answers: never true before the gate opens or once a drain began. */
  async isReady(): Promise<boolean> {
    if (!this.connected || this.draining) return false
    const answer = await this.dependenciesAnswer()
    return answer && !this.draining
  }

  /** Whether PostgreSQL (and Redis when used) answer: a probe at most `maxAgeMs` old. */
  dependenciesAnswer(): Promise<boolean> {
    const now = Date.now()
    if (!this.#last || now - this.#last.at >= this.maxAgeMs) {
      const ready = this.checks.run().then(
        (report) => report.isHealthy,
        () => false
      )
      this.#last = { at: now, ready }
    }
    return this.#last.ready
  }

  /**
   * Probes once and opens the gate when the dependencies answer. Only the
   * start-up sequence calls it, once it is done (development migrations
   * included): a load balancer's probe never opens the gate early.
   */
  async connect() {
    this.connected ||= await this.dependenciesAnswer()
    return this.connected
  }

  /** Probes until the dependencies answer, calling `onWait` after each failure. */
  async waitUntilConnected(onWait: () => void, intervalMs = 1000) {
    while (!(await this.connect())) {
      onWait()
      await sleep(intervalMs)
    }
  }
}
