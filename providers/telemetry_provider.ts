import type { ApplicationService } from '@adonisjs/core/types'
import MetricsOnFirstUse from '#services/platform/metrics_on_first_use'

/**
 * Traces are started before the app by start/otel.ts (bin/server.ts, only
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set); this provider sends the ones
 * still batched before the process exits. It also counts what the
 * exception handler reports through the emitter (the handler stays below
 * the services, so it does not import the metrics).
 */
export default class TelemetryProvider {
  constructor(protected app: ApplicationService) {}

  async boot() {
    const emitter = await this.app.container.make('emitter')
    const metrics = await this.app.container.make(MetricsOnFirstUse)
    emitter.on('db:statement_timeout', async ({ route }) => {
      const { statementTimeouts } = await metrics.load()
      statementTimeouts.inc({ route })
    })
  }

  async shutdown() {
    if (!this.app.config.get<boolean>('otel.enabled', false)) return
    const { OtelManager } = await import('@adonisjs/otel/manager')
    await OtelManager.getInstance()?.shutdown()
  }
}
