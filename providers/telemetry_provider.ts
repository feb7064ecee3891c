import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Traces are started before the app by start/otel.ts (bin/server.ts, only
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set); this provider sends the ones
 * still batched before the process exits.
 */
export default class TelemetryProvider {
  constructor(protected app: ApplicationService) {}

  async shutdown() {
    if (!this.app.config.get<boolean>('otel.enabled', false)) return
    const { OtelManager } = await import('@adonisjs/otel/manager')
    await OtelManager.getInstance()?.shutdown()
  }
}
