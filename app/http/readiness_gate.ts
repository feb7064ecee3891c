import type { HttpContext } from '@adonisjs/core/http'
import type ReadinessService from '#services/platform/readiness_service'
import ServiceUnavailableException from '#exceptions/service_unavailable_exception'

const HEALTH_PATHS = new Set(['/health', '/health/live', '/health/ready', '/metrics'])

/**
 * Until PostgreSQL (and Redis when used) have answered once after start,
 * every route but the health probes and /metrics answers 503: the server takes no
 * traffic it cannot serve (contract, "Starting and stopping"). A step of
 * every request (request_setup_middleware.ts).
 */
export function assertDependenciesReady(readiness: ReadinessService, ctx: HttpContext) {
  if (readiness.connected || HEALTH_PATHS.has(ctx.request.url())) return
  throw new ServiceUnavailableException()
}
