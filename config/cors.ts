import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/cors'

/**
 * Origins allowed to call with credentials (the session cookie), checked
 * at boot (start/env.ts). Unset outside production, CORS reflects any
 * origin; the origin guard still accepts unsafe requests only from these
 * origins and the API's own (app/http/origin_guard.ts).
 */
export const trustedOrigins: string[] = env.get('CORS_ORIGINS') ?? []
const origins = trustedOrigins

const corsConfig = defineConfig({
  enabled: true,
  origin: origins.length > 0 ? origins : !app.inProduction,
  methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
  headers: true,
  // What the frontend reads: the request id to quote, the rate limit's state,
  // and the event's version to send back as If-Match.
  exposeHeaders: [
    'x-request-id',
    'retry-after',
    'x-ratelimit-limit',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
    'etag',
  ],
  credentials: true,
  maxAge: 90,
})

export default corsConfig
