/**
 * The time the two-factor code and the re-authentication window are read
 * from. A class in the container, so a test can swap in a clock of its
 * own (`app.container.swap(Clock, ...)`) instead of waiting for time to pass.
 */
export class Clock {
  /** Milliseconds since the epoch. */
  now() {
    return Date.now()
  }
}
