import { createPrivateKey } from 'node:crypto'
import { readFileSync } from 'node:fs'
import env from '#start/env'
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

/** A configuration mistake found at boot: said in one line, and the server does not start. */
function refuse(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

const from = env.get('MAIL_FROM', 'Events <hello@example.com>')

/**
 * DKIM signing, when MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and a private key
 * (MAIL_DKIM_PRIVATE_KEY, PEM, or MAIL_DKIM_PRIVATE_KEY_FILE) are set: an
 * RSA key signs rsa-sha256, an Ed25519 key ed25519-sha256 (RFC 8463, see
 * patches/nodemailer+*.patch). The key is parsed here so a wrong one stops
 * the server at boot instead of leaving every email unsigned (nodemailer
 * skips a signature it cannot make).
 */
function dkimSigning() {
  const domainName = env.get('MAIL_DKIM_DOMAIN')
  const keySelector = env.get('MAIL_DKIM_SELECTOR')
  const keyFile = env.get('MAIL_DKIM_PRIVATE_KEY_FILE')
  const keyValue = env.get('MAIL_DKIM_PRIVATE_KEY')?.release()
  if (!domainName && !keySelector && !keyFile && !keyValue) return undefined
  if (!domainName) refuse('MAIL_DKIM_DOMAIN must be set to sign email with DKIM')
  if (!keySelector) refuse('MAIL_DKIM_SELECTOR must be set to sign email with DKIM')
  if (!keyFile && !keyValue) {
    refuse(
      'MAIL_DKIM_PRIVATE_KEY (PEM) or MAIL_DKIM_PRIVATE_KEY_FILE must be set to sign email with DKIM'
    )
  }
  const variable = keyValue ? 'MAIL_DKIM_PRIVATE_KEY' : 'MAIL_DKIM_PRIVATE_KEY_FILE'
  let privateKey: string
  try {
    // A PEM put on one line keeps its line breaks as `\n`.
    privateKey = keyValue ? keyValue.replaceAll('\\n', '\n') : readFileSync(keyFile!, 'utf8')
  } catch (error) {
    refuse(`${variable} cannot be read: ${(error as Error).message}`)
  }
  let type: string | undefined
  try {
    type = createPrivateKey(privateKey).asymmetricKeyType
  } catch {
    refuse(`${variable} is not a private key in PEM format (-----BEGIN PRIVATE KEY-----)`)
  }
  if (type !== 'rsa' && type !== 'ed25519') {
    refuse(`${variable} must be an RSA or Ed25519 private key, not ${type ?? 'this key type'}`)
  }
  return {
    domainName,
    keySelector,
    privateKey,
    // RFC 8058 §4: one-click unsubscribe counts only when the signature covers both headers.
    headerFieldNames:
      'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:' +
      'Content-Transfer-Encoding:In-Reply-To:References:List-Id:List-Unsubscribe:' +
      'List-Unsubscribe-Post',
  }
}

export const dkim = dkimSigning()

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
