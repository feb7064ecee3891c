import { setTimeout as sleep } from 'node:timers/promises'
import type { HealthChecks } from '@adonisjs/core/health'

/**
 * Whether the dependencies (PostgreSQL, and Redis when a store lives there)
 * answer. A result is reused for up to `maxAgeMs`, so load balancer probes
 * cannot overload the database. `connected` turns true at the first success
 * of the start-up sequence (`connect`) and stays so: until then the server
 * answers 503, afterwards an outage shows per request.
 */
export default class ReadinessService {
  connected = false
  #last?: { at: number; ready: Promise<boolean> }

  constructor(
    private checks: HealthChecks,
    private maxAgeMs = 1000
  ) {}

  isReady(): Promise<boolean> {
    const now = Date.now()
    if (!this.#last || now - this.#last.at >= this.maxAgeMs) {
      const ready = this.checks.run().then((report) => report.isHealthy)
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
    this.connected ||= await this.isReady()
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
