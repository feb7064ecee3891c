import env, { appKey } from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import { safeStringify } from '@poppinss/utils/json'

/** Outside production, when unset, generated once and kept under tmp/ (start/env.ts). */
export { appKey }

/**
 * The API's public base URL, for links sent by email (the newsletter's
 * unsubscribe link). Required in production (start/env.ts).
 */
export const publicUrl = (
  env.get('PUBLIC_URL') ?? `http://localhost:${env.get('PORT', 3333)}`
).replace(/\/+$/, '')

/**
 * Stopping on SIGTERM: readiness answers 503 at once while the listener keeps
 * accepting for `drainMs` (a little longer than two health-check intervals
 * of the balancer, so it has marked this instance down before the listener
 * closes; ops/haproxy/haproxy.cfg checks every 2 s), then requests in
 * flight get up to `finishMs` before the pools close.
 */
export const shutdown = {
  drainMs: env.get('SHUTDOWN_DRAIN_MS', 5000),
  finishMs: 10_000,
}

/**
 * Which proxies' forwarded-for headers to believe. Unset: none, so the
 * socket address is the client address used by the rate limits.
 */
const trustedProxies = env.get('TRUSTED_PROXIES')

/**
 * A JSON answer as `JSON.stringify` writes it: the framework's default
 * (safeStringify) gives the same text for what answers hold, but walks the
 * value in JavaScript, two to four times slower. It stays for what
 * JSON.stringify refuses (a BigInt, a cycle).
 */
function serializeJSON(value: unknown) {
  try {
    return JSON.stringify(value)
  } catch {
    return safeStringify(value)
  }
}

export const http = defineConfig({
  generateRequestId: true,
  serializeJSON,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  trustProxy: trustedProxies ? trustedProxies : false,
  // onBadUrl: the exception handler's, set by providers/bindings_provider.ts.
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
