import { randomFillSync } from 'node:crypto'
import { v7 } from 'uuid'

/** Ids drawn per refill of the pool. */
const IDS_PER_REFILL = 256

/**
 * UUID v7 ids (uuid's `v7`) whose random part comes from a pool refilled
 * 256 ids at a time, as Node's own `randomUUID` does: uuid asks the system
 * for 16 random bytes per id, 12 µs of a POST event's work in the event
 * service under load, 2 µs with the pool (docs/performance.md). Unlike
 * uuid's default, ids made in one millisecond are not ordered among
 * themselves (RFC 9562 leaves that optional): for ids whose order within a
 * millisecond means nothing, as an event's (the list breaks ties by id,
 * whatever its order). One per process (providers/bindings_provider.ts):
 * it holds the pool.
 */
export default class UuidV7Pool {
  #random = new Uint8Array(16 * IDS_PER_REFILL)
  #next = this.#random.length

  /** A new id, as a lowercase string. */
  next(): string {
    if (this.#next === this.#random.length) {
      randomFillSync(this.#random)
      this.#next = 0
    }
    const random = this.#random.subarray(this.#next, (this.#next += 16))
    return v7({ random })
  }
}
