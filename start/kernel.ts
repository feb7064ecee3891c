/*
|--------------------------------------------------------------------------
| HTTP kernel
|--------------------------------------------------------------------------
*/

import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

/**
 * Runs for every request, even one that matches no route. The security
 * headers come first, so every answer carries them.
 */
server.use([
  () => import('#middleware/request_telemetry_middleware'),
  () => import('#middleware/security_headers_middleware'),
  () => import('#middleware/dependencies_ready_middleware'),
  () => import('#middleware/force_json_response_middleware'),
  () => import('#middleware/container_bindings_middleware'),
  () => import('@adonisjs/cors/cors_middleware'),
])

/**
 * Runs for every request that matches a route.
 */
router.use([
  () => import('#middleware/trace_route_middleware'),
  () => import('#middleware/body_parser_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#middleware/initialize_bouncer_middleware'),
])

/**
 * `session` and `silentAuth` are named so that the public endpoints (health,
 * newsletter) neither read nor hand out session cookies.
 */
export const middleware = router.named({
  originGuard: () => import('#middleware/origin_guard_middleware'),
  session: () => import('#middleware/session_middleware'),
  silentAuth: () => import('#middleware/silent_auth_middleware'),
  sessionActivity: () => import('#middleware/session_activity_middleware'),
  auth: () => import('#middleware/auth_middleware'),
  organizationLane: () => import('#middleware/organization_lane_middleware'),
  reauthenticated: () => import('#middleware/reauthenticated_middleware'),
  jsonBody: () => import('#middleware/json_body_middleware'),
})
