/*
|--------------------------------------------------------------------------
| Environment variables
|--------------------------------------------------------------------------
|
| Every variable the service reads, validated and typed. Everything is
| optional so that `npm start` works on a fresh clone; defaults live in
| config/*.ts.
|
*/

import { Env } from '@adonisjs/core/env'
import { parseTrustedOrigins } from '#helpers/trusted_origins'

const env = await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum.optional(['development', 'production', 'test'] as const),
  PORT: Env.schema.number.optional(),
  HOST: Env.schema.string.optional({ format: 'host' }),
  APP_KEY: Env.schema.secret.optional(),
  LOG_LEVEL: Env.schema.enum.optional([
    'fatal',
    'error',
    'warn',
    'info',
    'debug',
    'trace',
    'silent',
  ] as const),
  TRUSTED_PROXIES: Env.schema.string.optional(),
  PUBLIC_URL: Env.schema.string.optional({ format: 'url', tld: false }),

  DATABASE_URL: Env.schema.string.optional(),
  DB_HOST: Env.schema.string.optional({ format: 'host' }),
  DB_PORT: Env.schema.number.optional(),
  DB_USER: Env.schema.string.optional(),
  DB_PASSWORD: Env.schema.secret.optional(),
  DB_DATABASE: Env.schema.string.optional(),
  DB_POOL_MAX: Env.schema.number.optional(),
  DB_POOL_ACQUIRE_TIMEOUT_MS: Env.schema.number.optional(),

  MONITORING_SECRET: Env.schema.secret.optional(),
  HEALTH_DISK_WARN_PERCENT: Env.schema.number.optional(),
  HEALTH_DISK_FAIL_PERCENT: Env.schema.number.optional(),

  MAIL_MAILER: Env.schema.enum.optional(['smtp', 'file'] as const),
  MAIL_FROM: Env.schema.string.optional(),
  SMTP_HOST: Env.schema.string.optional({ format: 'host' }),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_SECURE: Env.schema.boolean.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.secret.optional(),
  SMTP_TIMEOUT_MS: Env.schema.number.optional(),
  SMTP_MAX_CONNECTIONS: Env.schema.number.optional(),
  SMTP_SEND_BUDGET_MS: Env.schema.number.optional(),
  MAIL_DKIM_DOMAIN: Env.schema.string.optional({ format: 'host' }),
  MAIL_DKIM_SELECTOR: Env.schema.string.optional(),
  MAIL_DKIM_PRIVATE_KEY: Env.schema.secret.optional(),
  MAIL_DKIM_PRIVATE_KEY_FILE: Env.schema.string.optional(),
  NEWSLETTER_LIST_ID: Env.schema.string.optional(),

  // Checked at boot: a bad entry stops the server, named.
  CORS_ORIGINS: parseTrustedOrigins,
  LIMITER_STORE: Env.schema.enum.optional(['database', 'redis', 'memory'] as const),
  SESSION_STORE: Env.schema.enum.optional(['database', 'redis', 'cookie'] as const),
  REDIS_URL: Env.schema.string.optional(),

  FRONTEND_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  ORGANIZATION_MEMBER_LIMIT: Env.schema.number.optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: Env.schema.string.optional(),
  OTEL_SERVICE_NAME: Env.schema.string.optional(),

  SHUTDOWN_DRAIN_MS: Env.schema.number.optional(),
})

/**
 * Production refuses to start on a deployment mistake, said in one line:
 * outside production a key is generated under tmp/ (config/app.ts) and an
 * embedded PostgreSQL is started (config/database.ts) and email links point
 * at localhost (config/app.ts); in production none of that is acceptable.
 */
if (env.get('NODE_ENV') === 'production') {
  const mistake = !env.get('APP_KEY')
    ? 'APP_KEY must be set in production: generate one with `node ace generate:key`'
    : !env.get('DATABASE_URL') && !env.get('DB_HOST')
      ? 'DATABASE_URL (or DB_HOST, DB_USER, DB_PASSWORD, DB_DATABASE) must be set in production: the embedded PostgreSQL is for development and tests'
      : !env.get('PUBLIC_URL')
        ? 'PUBLIC_URL must be set in production: the links sent by email (unsubscribe) point at it'
        : null
  if (mistake) {
    process.stderr.write(`${mistake}\n`)
    process.exit(1)
  }
}

export default env
