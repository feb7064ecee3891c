import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, transports } from '@adonisjs/mail'
import { FileTransport } from '#mails/transports/file_transport'

/**
 * SMTP in production; without MAIL_MAILER (or SMTP_HOST) messages are kept
 * as files under tmp/mails.
 */
/**
 * Bounded SMTP: every connect, greeting and reply within `timeoutMs`, and at
 * most `maxConnections` sessions at once (a request waits at most
 * `timeoutMs` for one), so a slow or silent server cannot pile up sockets or
 * hold requests for long. See app/services/mail_delivery.ts.
 */
export const smtpLimits = {
  timeoutMs: env.get('SMTP_TIMEOUT_MS', 10_000),
  maxConnections: env.get('SMTP_MAX_CONNECTIONS', 10),
}

const smtpPassword = env.get('SMTP_PASSWORD')?.release()
const smtpUser = env.get('SMTP_USERNAME')

const mailConfig = defineConfig({
  default: env.get('MAIL_MAILER', env.get('SMTP_HOST') ? 'smtp' : 'file'),
  from: env.get('MAIL_FROM', 'Events <hello@example.com>'),
  mailers: {
    smtp: transports.smtp({
      host: env.get('SMTP_HOST', '127.0.0.1'),
      port: env.get('SMTP_PORT', 587),
      secure: env.get('SMTP_SECURE', false),
      auth: smtpUser ? { type: 'login', user: smtpUser, pass: smtpPassword ?? '' } : undefined,
      connectionTimeout: smtpLimits.timeoutMs,
      greetingTimeout: smtpLimits.timeoutMs,
      socketTimeout: smtpLimits.timeoutMs,
    }),
    file: () => new FileTransport(app.tmpPath('mails')),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
