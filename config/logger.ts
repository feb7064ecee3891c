import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, targets } from '@adonisjs/core/logger'

/**
 * Readable lines in development: pino-pretty (a devDependency, so loaded
 * only outside production), synchronous so lines keep their order, in
 * colour when the terminal has it. Production writes JSON lines on stdout.
 */
async function prettyLines() {
  const { default: pinoPretty } = await import('pino-pretty')
  return pinoPretty({ sync: true })
}

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: 'events-api',
      // Silent in tests unless LOG_LEVEL asks for lines.
      level: env.get('LOG_LEVEL') ?? (app.inTest ? 'silent' : 'info'),
      destination: app.inProduction ? undefined : await prettyLines(),
      transport: {
        targets: [targets.file({ destination: 1 })],
      },
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
