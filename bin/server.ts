/*
|--------------------------------------------------------------------------
| HTTP server entrypoint
|--------------------------------------------------------------------------
|
| The "server.ts" file is the entrypoint for starting the AdonisJS HTTP
| server. Either you can run this file directly or use the "serve"
| command to run this file and monitor file changes
|
*/

process.env.NODE_ENV ??= 'development'

/**
 * Traces are on only when an OTLP endpoint is set (config/otel.ts): the
 * instrumentation must hook modules before anything loads them. Off, not
 * one OpenTelemetry module is loaded.
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await import('#start/otel')

await import('reflect-metadata')
const { Ignitor, prettyPrintError } = await import('@adonisjs/core')

/**
 * URL to the application root. AdonisJS need it to resolve
 * paths to file and directories for scaffolding commands
 */
const APP_ROOT = new URL('../', import.meta.url)

/**
 * The importer is used to import files in context of the
 * application.
 */
const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    // Drain (providers/lifecycle_provider.ts; SIGINT skips it), close the pools, then exit even
    // if a request cut at the finish timeout still has a socket open (a silent SMTP peer).
    const terminate = () => app.terminate().finally(() => process.exit())
    app.listen('SIGTERM', terminate)
    app.listen('SIGINT', terminate)
  })
  .httpServer()
  .start()
  .catch(async (error) => {
    // A start that fails once the listener is open (a provider's ready hook) must not leave a
    // process that answers its probes and 503 to everything else: exit, the supervisor restarts.
    await prettyPrintError(error)
    process.exit(1)
  })
