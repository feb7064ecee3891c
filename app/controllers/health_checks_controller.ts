import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { HealthChecks } from '@adonisjs/core/health'
import ReadinessService from '#services/platform/readiness_service'
import { isMonitoringSecret } from '#helpers/monitoring_secret'

@inject()
export default class HealthChecksController {
  constructor(
    private healthChecks: HealthChecks,
    private readiness: ReadinessService
  ) {}

  /**
   * 200 when every check passes (warnings included), 503 otherwise, and 503
   * while the start-up gate is closed: every other route refuses until then
   * (no check runs then but for the monitor, the database being busy with
   * the start-up). The full report only for callers presenting the
   * monitoring secret.
   */
  async show({ request, response }: HttpContext) {
    const monitor = isMonitoringSecret(request.header('x-monitoring-secret'))
    if (!this.readiness.connected && !monitor) {
      return response.status(503).send({ status: 'error', isHealthy: false })
    }
    const report = await this.healthChecks.run()
    const healthy = report.isHealthy && this.readiness.connected
    const summary = { status: healthy ? 'ok' : 'error', isHealthy: healthy }
    const body = monitor
      ? {
          ...summary,
          finishedAt: report.finishedAt,
          debugInfo: report.debugInfo,
          checks: report.checks,
        }
      : summary

    return response.status(healthy ? 200 : 503).send(body)
  }

  /** Liveness: the process serves requests. */
  live({ response }: HttpContext) {
    return response.send({ status: 'ok', isHealthy: true })
  }

  /** Readiness: the dependencies answer (a result at most 1 s old). */
  async ready({ response }: HttpContext) {
    const ready = await this.readiness.isReady()
    return response
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ok' : 'error', isHealthy: ready })
  }
}
