import OrganizationBusyException from '#exceptions/organization_busy_exception'
import type MetricsOnFirstUse from '#services/platform/metrics_on_first_use'

export type LaneLimits = {
  /** Requests of one organization served at once while it is alone in flight (half the pool). */
  size: number
  /** The longest a request waits for its organization's lane before it is refused. */
  waitMs: number
}

type Waiter = { admit: () => void; timer: NodeJS.Timeout }
type Lane = { serving: number; waiting: Waiter[] }

/**
 * No noisy neighbour (contract, "Data that grows"): each organization's
 * requests pass through a lane, so however slow or many its requests are,
 * one organization holds only its share of the pool's connections, and the
 * rest stay free for everyone else. Alone in flight, an organization holds
 * up to `size` places (half the pool: the other half is always free for
 * newcomers); while n organizations have requests in flight, each holds at
 * most a nth of them (at least one place). A big customer's flood then
 * takes a place or two beside the others' requests instead of half the
 * pool, and the others keep nearly the latency they have alone
 * (`npm run bench -- --scale`, the noisy-neighbour figure).
 *
 * Beyond its places a request waits its turn (first come, first served)
 * for at most `waitMs`, then answers 503 with Retry-After, never a hang;
 * it is admitted as soon as its organization has a place free, by one of
 * its own requests ending or by another organization leaving. The line is
 * bounded by that wait (and its length by the members' rate limits).
 * Counted in this process only: each instance has its own pool, so its
 * own lanes are the right unit.
 */
export default class OrganizationLanes {
  #lanes = new Map<string, Lane>()

  constructor(
    private limits: LaneLimits,
    private metrics: MetricsOnFirstUse
  ) {}

  /** Places one organization may hold while `inFlight` organizations (itself included) have requests in flight. */
  shareOf(inFlight: number) {
    return Math.max(1, Math.floor(this.limits.size / inFlight))
  }

  /**
   * Takes a place in `organizationId`'s lane, waiting for one when it has
   * none free; resolves with the function that gives it back (call it
   * once). Throws OrganizationBusyException when no place freed within
   * the wait.
   */
  async enter(organizationId: string): Promise<() => void> {
    const lane = this.#laneOf(organizationId)
    if (lane.serving < this.#share()) {
      lane.serving++
      return this.#leaver(organizationId, lane)
    }
    void this.metrics.load().then(({ organizationLaneWaits }) => organizationLaneWaits.inc())
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          lane.waiting.splice(lane.waiting.indexOf(waiter), 1)
          this.#settle(organizationId, lane)
          void this.metrics
            .load()
            .then(({ organizationLaneRefusals }) => organizationLaneRefusals.inc())
          reject(new OrganizationBusyException())
        }, this.limits.waitMs),
      }
      lane.waiting.push(waiter)
    })
    return this.#leaver(organizationId, lane)
  }

  /** `organizationId`'s lane, opened (counted in flight) when it has none. */
  #laneOf(organizationId: string) {
    let lane = this.#lanes.get(organizationId)
    if (!lane) {
      lane = { serving: 0, waiting: [] }
      this.#lanes.set(organizationId, lane)
    }
    return lane
  }

  /** Each organization's places now, with every organization in flight counted. */
  #share() {
    return this.shareOf(this.#lanes.size)
  }

  /** Gives the place back once: to the first one waiting while the share allows, else to the lane. */
  #leaver(organizationId: string, lane: Lane) {
    let left = false
    return () => {
      if (left) return
      left = true
      lane.serving--
      this.#admit(lane)
      this.#settle(organizationId, lane)
    }
  }

  /** Admits from `lane`'s line while its share has places free. */
  #admit(lane: Lane) {
    const share = this.#share()
    while (lane.waiting.length > 0 && lane.serving < share) {
      const next = lane.waiting.shift()!
      clearTimeout(next.timer)
      lane.serving++
      next.admit()
    }
  }

  /**
   * An empty lane is forgotten: one organization fewer in flight, so the
   * others' shares may grow and their lines move (the lanes in flight are
   * as many as the requests at most).
   */
  #settle(organizationId: string, lane: Lane) {
    if (lane.serving > 0 || lane.waiting.length > 0) return
    this.#lanes.delete(organizationId)
    for (const other of this.#lanes.values()) if (other.waiting.length > 0) this.#admit(other)
  }
}
