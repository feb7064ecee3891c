import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import CorsMiddleware from '@adonisjs/cors/cors_middleware'
import ReadinessService from '#services/platform/readiness_service'
import { trackRequest } from '#http/request_telemetry'
import { applySecurityHeaders } from '#http/security_headers'
import { assertDependenciesReady } from '#http/readiness_gate'
import { forceJsonResponse } from '#http/client_accept'
import { bindRequestValues } from '#http/request_bindings'

/**
 * First of the server stack, for every request, even one that matches no
 * route: the steps that only prepare the request, in this order, as one
 * layer (each layer is a container resolution and a promise per request).
 * Telemetry first, so every request is timed; the security headers next,
 * so every answer carries them, the 503 of a server not ready included;
 * CORS last (its preflight answers end the request there).
 */
@inject()
export default class RequestSetupMiddleware {
  constructor(
    private readiness: ReadinessService,
    private cors: CorsMiddleware
  ) {}

  handle(ctx: HttpContext, next: NextFn) {
    trackRequest(ctx)
    applySecurityHeaders(ctx)
    assertDependenciesReady(this.readiness, ctx)
    forceJsonResponse(ctx)
    bindRequestValues(ctx)
    return this.cors.handle(ctx, next)
  }
}
