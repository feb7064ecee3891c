import OrganizationBusyException from '#exceptions/organization_busy_exception'

// Loaded on first use: the metrics read the database's config, not there yet when providers register.
const metrics = () => import('#services/platform/metrics')

export type LaneLimits = {
  /** Requests of one organization served at once. */
  size: number
  /** The longest a request waits for its organization's lane before it is refused. */
  waitMs: number
}

type Waiter = { admit: () => void; timer: NodeJS.Timeout }
type Lane = { serving: number; waiting: Waiter[] }

/**
 * No noisy neighbour (contract, "Data that grows"): each organization's
 * requests pass through a lane of `size` places, so however slow its
 * statements are, one organization holds at most that many of the pool's
 * connections and the rest stay free for everyone else. Beyond `size` a
 * request waits its turn (first come, first served) for at most `waitMs`,
 * then answers 503 with Retry-After, never a hang; other organizations'
 * requests never wait here. The line is bounded by that wait (and its
 * length by the members' rate limits): a burst of quick requests is
 * served in turn, a flood of slow ones refused. Counted in this process
 * only: each instance has its own pool, so its own lanes are the right unit.
 */
export default class OrganizationLanes {
  #lanes = new Map<string, Lane>()

  constructor(private limits: LaneLimits) {}

  /**
   * Takes a place in `organizationId`'s lane, waiting for one when it is
   * full; resolves with the function that gives it back (call it once).
   * Throws OrganizationBusyException when no place freed within the wait.
   */
  async enter(organizationId: string): Promise<() => void> {
    const lane = this.#lanes.get(organizationId) ?? { serving: 0, waiting: [] }
    if (lane.serving < this.limits.size) {
      lane.serving++
      this.#lanes.set(organizationId, lane)
      return this.#leaver(organizationId, lane)
    }
    void metrics().then(({ organizationLaneWaits }) => organizationLaneWaits.inc())
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          lane.waiting.splice(lane.waiting.indexOf(waiter), 1)
          void metrics().then(({ organizationLaneRefusals }) => organizationLaneRefusals.inc())
          reject(new OrganizationBusyException())
        }, this.limits.waitMs),
      }
      lane.waiting.push(waiter)
    })
    return this.#leaver(organizationId, lane)
  }

  /** The place goes to the first one waiting, else back to the lane (forgotten once empty). */
  #leaver(organizationId: string, lane: Lane) {
    let left = false
    return () => {
      if (left) return
      left = true
      const next = lane.waiting.shift()
      if (next) {
        clearTimeout(next.timer)
        next.admit()
        return
      }
      if (--lane.serving === 0) this.#lanes.delete(organizationId)
    }
  }
}
