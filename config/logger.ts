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

/**
 * Censored wherever they appear in a logged object (contract, "Operators"):
 * request bodies are not logged at all, and these paths catch what an
 * error or a hand-written log call might carry.
 */
const REDACTED = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-monitoring-secret"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-monitoring-secret"]',
  'headers["set-cookie"]',
  'cookie',
  'password',
  'currentPassword',
  'token',
  'body',
  '*.password',
  '*.currentPassword',
  '*.token',
  '*.body',
]

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: 'events-api',
      // Silent in tests unless LOG_LEVEL asks for lines.
      level: env.get('LOG_LEVEL') ?? (app.inTest ? 'silent' : 'info'),
      destination: app.inProduction ? undefined : await prettyLines(),
      // Never in the log: cookies, credentials, the monitoring secret, tokens, passwords, bodies.
      redact: { paths: REDACTED, censor: '[redacted]' },
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
