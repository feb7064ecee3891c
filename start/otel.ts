/*
|--------------------------------------------------------------------------
| Traces
|--------------------------------------------------------------------------
|
| Imported first by bin/server.ts, and only when OTEL_EXPORTER_OTLP_ENDPOINT
| is set: hooks the modules to instrument before they load, then starts the
| OpenTelemetry SDK with config/otel.ts. Prometheus has the metrics and the
| logs go to stdout, so only traces are exported.
|
*/

import { fileURLToPath } from 'node:url'

process.env.OTEL_METRICS_EXPORTER ??= 'none'
process.env.OTEL_LOGS_EXPORTER ??= 'none'

const { init } = await import('@adonisjs/otel/init')
await init(fileURLToPath(new URL('../', import.meta.url)))
