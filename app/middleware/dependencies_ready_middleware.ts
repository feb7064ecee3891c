import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import ReadinessService from '#services/platform/readiness_service'
import ServiceUnavailableException from '#exceptions/service_unavailable_exception'

const HEALTH_PATHS = new Set(['/health', '/health/live', '/health/ready', '/metrics'])

/**
 * Until PostgreSQL (and Redis when used) have answered once after start,
 * every route but the health probes and /metrics answers 503: the server takes no
 * traffic it cannot serve (contract, "Starting and stopping").
 */
@inject()
export default class DependenciesReadyMiddleware {
  constructor(private readiness: ReadinessService) {}

  handle(ctx: HttpContext, next: NextFn) {
    if (this.readiness.connected || HEALTH_PATHS.has(ctx.request.url())) return next()
    throw new ServiceUnavailableException()
  }
}
