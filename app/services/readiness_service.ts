import { setTimeout as sleep } from 'node:timers/promises'
import type { HealthChecks } from '@adonisjs/core/health'

/**
 * Whether the dependencies (PostgreSQL, and Redis when a store lives there)
 * answer. A result is reused for up to `maxAgeMs`, so load balancer probes
 * cannot overload the database. `connected` turns true at the first success
 * and stays so: until then the server answers 503 (start-up), afterwards an
 * outage shows per request.
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
      const ready = this.checks.run().then((report) => {
        this.connected ||= report.isHealthy
        return report.isHealthy
      })
      this.#last = { at: now, ready }
    }
    return this.#last.ready
  }

  /** Probes until the dependencies answer, calling `onWait` after each failure. */
  async waitUntilConnected(onWait: () => void, intervalMs = 1000) {
    while (!(await this.isReady())) {
      onWait()
      await sleep(intervalMs)
    }
  }
}
