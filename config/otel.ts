import env from '#start/env'
import type { OtelConfig } from '@adonisjs/otel/types'

/**
 * Traces, read by start/otel.ts at process start, which bin/server.ts loads
 * only when OTEL_EXPORTER_OTLP_ENDPOINT is set: without it no SDK is
 * loaded. Only the type comes from @adonisjs/otel here, as its entrypoint
 * loads the SDK. The OTLP exporter takes the endpoint, protocol and headers
 * from the standard OTEL_EXPORTER_OTLP_* variables.
 */
const otelConfig: OtelConfig = {
  enabled: Boolean(env.get('OTEL_EXPORTER_OTLP_ENDPOINT')),
  serviceName: env.get('OTEL_SERVICE_NAME', 'events-api'),
  instrumentations: {
    // One span per SQL statement, from the driver (Lucid's knex spans say less); only within a
    // request or a job: the job queue's polling, every few seconds, would be a trace each.
    '@opentelemetry/instrumentation-pg': { enabled: true, requireParentSpan: true },
    '@opentelemetry/instrumentation-knex': { enabled: false },
    '@opentelemetry/instrumentation-fs': { enabled: false },
  },
}

export default otelConfig
