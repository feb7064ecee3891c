import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'

/**
 * Sessions live server-side (PostgreSQL by default, Redis as an option), so
 * logout and expiry take effect on every instance. The cookie only carries
 * the signed session id.
 */
const sessionConfig = defineConfig({
  enabled: true,
  cookieName: 'session',
  clearWithBrowser: false,
  age: '7 days',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
  store: env.get('SESSION_STORE', 'database'),
  stores: {
    database: stores.database({ tableName: 'sessions' }),
    redis: stores.redis({ connection: 'main' }),
    cookie: stores.cookie(),
  },
})

export default sessionConfig
