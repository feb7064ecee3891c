/** Socket errors of a peer that is gone or refuses us. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
])

/**
 * Messages of the drivers when their connection is unusable: pg (connection
 * ended or timed out; knex puts the SQL in front), ioredis (offline queue disabled, connection closed)
 * and the limiter's Redis store (rejectIfRedisNotReady).
 */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/,
  /Client has encountered a connection error/,
  /timeout exceeded when trying to connect/,
  /Client was closed and is not queryable/,
  /Stream isn't writeable/,
  /^Connection is closed\.?$/,
  /^Redis connection is not ready$/,
  /^Reached the max retries per request limit/,
  // knex ends a transaction whose BEGIN or statement lost its connection; the
  // next statement in it gets this (our code never reuses a committed one).
  /^Transaction query already complete/,
]

/**
 * SQLSTATE classes that mean "PostgreSQL cannot serve us now": 08
 * (connection exception), 57P01-57P03 (shutting down, cannot connect now),
 * 53300 (too many connections), 25006 (a write reached a standby: during a
 * failover the proxy may still lead to the demoted primary for a moment).
 */
function isUnavailableSqlState(code: string) {
  return code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300' || code === '25006'
}

/**
 * Whether `error` (or an error it wraps) says a dependency — PostgreSQL,
 * Redis — is down, unreachable or saturated, as opposed to a bug or a bad
 * request: the caller then gets 503 and may retry.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const { name, message } = current
    const code = (current as { code?: unknown }).code
    if (name === 'KnexTimeoutError') return true
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) {
      return true
    }
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true
    current = current.cause
  }
  return false
}
