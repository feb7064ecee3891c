import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, syncDestination, targets } from '@adonisjs/core/logger'

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: 'events-api',
      level: env.get('LOG_LEVEL') ?? (app.inTest ? 'silent' : 'info'),
      // Pretty, synchronous output for people; JSON lines on stdout in production.
      desination: !app.inProduction ? await syncDestination() : undefined,
      transport: {
        // Ace commands log to stderr: their stdout is data (node ace newsletter:export > file).
        targets: [targets.file({ destination: app.getEnvironment() === 'console' ? 2 : 1 })],
      },
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
