import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { HealthChecks } from '@adonisjs/core/health'
import { safeEqual, type Secret } from '@adonisjs/core/helpers'
import config from '@adonisjs/core/services/config'

@inject()
export default class HealthChecksController {
  constructor(private healthChecks: HealthChecks) {}

  /**
   * 200 when every check passes (warnings included), 503 otherwise. The full
   * report only for callers presenting the monitoring secret.
   */
  async show({ request, response }: HttpContext) {
    const report = await this.healthChecks.run()
    const summary = { status: report.isHealthy ? 'ok' : 'error', isHealthy: report.isHealthy }
    const body = this.#presentsSecret(request.header('x-monitoring-secret'))
      ? {
          ...summary,
          finishedAt: report.finishedAt,
          debugInfo: report.debugInfo,
          checks: report.checks,
        }
      : summary

    return response.status(report.isHealthy ? 200 : 503).send(body)
  }

  #presentsSecret(presented: string | undefined) {
    const monitoringSecret = config.get<Secret<string> | undefined>('health.monitoringSecret')
    if (!monitoringSecret || presented === undefined) return false
    return safeEqual(presented, monitoringSecret.release())
  }
}
