import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import { databaseSessionStore } from '#session/database_session_store'
import { redisSessionStore } from '#session/redis_session_store'

/**
 * Sessions live server-side (PostgreSQL by default, Redis as an option), so
 * logout and expiry take effect on every instance. The cookie only carries
 * the signed session id. The database store reads the session, its user and
 * (limiter in PostgreSQL too) the user's API quota in one statement
 * (app/session/session_read.ts), and both stores extend an unchanged session
 * at most once an hour; the cookie is sent again only then
 * (app/session/session_area.ts).
 */
/** A session unused this long ends (also the longest a cookie signed with a retired app key lives). */
export const sessionAge = '7 days'

const sessionConfig = defineConfig({
  enabled: true,
  // `__Host-`: the browser keeps it Secure, Path=/ and host-only, so a sibling
  // site cannot plant or overwrite it (contract, "Browser clients").
  cookieName: app.inProduction ? '__Host-session' : 'session',
  clearWithBrowser: false,
  age: sessionAge,
  cookie: {
    path: '/',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
  store: env.get('SESSION_STORE', 'database'),
  stores: {
    database: databaseSessionStore({ refreshAfter: '1 hour', gcProbability: 2 }),
    redis: redisSessionStore({ connection: 'main', refreshAfter: '1 hour' }),
    cookie: stores.cookie(),
  },
})

export default sessionConfig
