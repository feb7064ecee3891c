/*
|--------------------------------------------------------------------------
| HTTP kernel
|--------------------------------------------------------------------------
*/

import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

/**
 * Runs for every request, even one that matches no route: the request's
 * setup (telemetry, security headers, readiness, JSON, CORS), as one layer,
 * so every answer carries the headers.
 */
server.use([() => import('#middleware/request_setup_middleware')])

/**
 * Runs for every request that matches a route: its authenticator, bouncer
 * and span, then its body parsed, as one layer.
 */
router.use([() => import('#middleware/route_context_middleware')])

/**
 * `sessionArea` (the session, silent auth, the API limits, JSON bodies) is
 * named so that the public endpoints (health, newsletter) neither read nor
 * hand out session cookies.
 */
export const middleware = router.named({
  sessionArea: () => import('#middleware/session_area_middleware'),
  auth: () => import('#middleware/auth_middleware'),
  reauthenticated: () => import('#middleware/reauthenticated_middleware'),
  jsonBody: () => import('#middleware/json_body_middleware'),
})
