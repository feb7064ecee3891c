import env, { dkimKey } from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/mail'
import { FileTransport } from '#mails/transports/file_transport'
import { PooledSmtpTransport } from '#mails/transports/pooled_smtp_transport'
import { publicUrl } from '#config/app'

/**
 * Bounded SMTP: every connect, greeting and reply within `timeoutMs`; at
 * most `maxConnections` sessions, pooled and reused across emails; one
 * email waits for a session and is sent within `sendBudgetMs`, so a slow
 * relay costs waiting, not sign-ups, and a silent one cannot hold requests
 * for long. See app/services/platform/mail_delivery.ts.
 */
export const smtpLimits = {
  timeoutMs: env.get('SMTP_TIMEOUT_MS', 10_000),
  maxConnections: env.get('SMTP_MAX_CONNECTIONS', 10),
  sendBudgetMs: env.get('SMTP_SEND_BUDGET_MS', 30_000),
}

const from = env.get('MAIL_FROM', 'Events <hello@example.com>')

/**
 * DKIM signing with the key start/env.ts read and checked: an RSA key signs
 * rsa-sha256, an Ed25519 key ed25519-sha256 (RFC 8463, see
 * patches/nodemailer+*.patch).
 */
export const dkim = dkimKey && {
  domainName: dkimKey.domainName,
  keySelector: dkimKey.keySelector,
  privateKey: dkimKey.privateKey.release(),
  // RFC 8058 §4: one-click unsubscribe counts only when the signature covers both headers.
  headerFieldNames:
    'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:' +
    'Content-Transfer-Encoding:In-Reply-To:References:List-Id:List-Unsubscribe:' +
    'List-Unsubscribe-Post',
}

/** The domain of every Message-ID: the DKIM domain, else MAIL_FROM's. */
const messageIdDomain = dkim?.domainName ?? /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'

/**
 * The newsletter's List-Id (RFC 2919), e.g. `newsletter.example.com`; by
 * default from PUBLIC_URL's host.
 */
export const newsletterListId =
  env.get('NEWSLETTER_LIST_ID') ?? `newsletter.${new URL(publicUrl).hostname}`

const smtpPassword = env.get('SMTP_PASSWORD')?.release()
const smtpUser = env.get('SMTP_USERNAME')

/**
 * SMTP in production; without MAIL_MAILER (or SMTP_HOST) messages are kept
 * as files under tmp/mails.
 */
const mailConfig = defineConfig({
  default: env.get('MAIL_MAILER', env.get('SMTP_HOST') ? 'smtp' : 'file'),
  from,
  mailers: {
    smtp: () =>
      new PooledSmtpTransport({
        host: env.get('SMTP_HOST', '127.0.0.1'),
        port: env.get('SMTP_PORT', 587),
        secure: env.get('SMTP_SECURE', false),
        auth: smtpUser ? { type: 'login', user: smtpUser, pass: smtpPassword ?? '' } : undefined,
        connectionTimeout: smtpLimits.timeoutMs,
        greetingTimeout: smtpLimits.timeoutMs,
        socketTimeout: smtpLimits.timeoutMs,
        maxConnections: smtpLimits.maxConnections,
        maxMessages: 100,
        dkim,
        messageIdDomain,
      }),
    file: () => new FileTransport(app.tmpPath('mails')),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
