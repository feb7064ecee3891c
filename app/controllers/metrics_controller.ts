import type { HttpContext } from '@adonisjs/core/http'
import NotFoundException from '#exceptions/not_found_exception'
import UnauthenticatedException from '#exceptions/unauthenticated_exception'
import { isMonitoringConfigured, isMonitoringSecret } from '#helpers/monitoring_secret'
import { registry } from '#services/platform/metrics'
import { message } from '#exceptions/api_exception'

export default class MetricsController {
  /**
   * The Prometheus text format for a caller presenting
   * `Authorization: Bearer <MONITORING_SECRET>`; 404 while no secret is
   * configured (contract, "Operators").
   */
  async show({ request, response }: HttpContext) {
    if (!isMonitoringConfigured()) throw new NotFoundException(message('errors.resource.not_found'))
    const [scheme, token] = (request.header('authorization') ?? '').split(' ', 2)
    if (scheme?.toLowerCase() !== 'bearer' || !isMonitoringSecret(token)) {
      throw new UnauthenticatedException()
    }
    response.header('content-type', registry.contentType)
    return response.send(await registry.metrics())
  }
}
