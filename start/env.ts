/*
|--------------------------------------------------------------------------
| Environment variables
|--------------------------------------------------------------------------
|
| Every variable the service reads, validated and typed. Everything is
| optional so that `npm start` works on a fresh clone; defaults live in
| config/*.ts. The keys are settled here too: APP_KEY (kept under tmp/
| outside production) and the DKIM key (read and parsed), so a mistake
| stops the start in one line and config/ only holds values. Each secret
| may come from a file instead (NAME_FILE, app/helpers/secret_files.ts).
|
*/

import { createPrivateKey, randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { Env, EnvProcessor } from '@adonisjs/core/env'
import { parseTrustedOrigins } from '#helpers/trusted_origins'
import { parseDuration } from '#helpers/durations'
import { parseDatabaseUrls } from '#helpers/database_urls'
import { parseHoneypotField, parseSubscribeLimit } from '#helpers/subscribe_form_settings'
import { SECRET_VARIABLES, resolveSecretFiles } from '#helpers/secret_files'

/**
 * WEBAUTHN_RP_ID: a domain name (browsers refuse an IP address as a relying
 * party), without scheme or port, lower-cased.
 */
function relyingPartyId(name: string, value?: string) {
  if (value === undefined || value === '') return undefined
  const host = value.trim().toLowerCase()
  const labels = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/
  if (isIP(host) || host.length > 253 || !labels.test(host)) {
    throw new Error(
      `Invalid env variable "${name}": "${value}" is not a domain name (e.g. example.com; no scheme, port or IP address)`
    )
  }
  return host
}

/** A whole number of at least 1, or unset. */
function positiveInteger(name: string, value?: string) {
  if (value === undefined || value === '') return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(
      `Invalid env variable "${name}": "${value}" is not a whole number of at least 1`
    )
  }
  return number
}

/** A comma-separated list of secrets, empty entries dropped: previous keys and secrets. */
function secretList(_name: string, value?: string) {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => new Secret(entry))
}

/** NAME_FILE of every secret variable (app/helpers/secret_files.ts): a path, read below. */
const secretFileVariables = Object.fromEntries(
  SECRET_VARIABLES.map((name) => [`${name}_FILE`, Env.schema.string.optional()])
) as Record<
  `${(typeof SECRET_VARIABLES)[number]}_FILE`,
  ReturnType<typeof Env.schema.string.optional>
>

const schema = {
  ...secretFileVariables,
  NODE_ENV: Env.schema.enum.optional(['development', 'production', 'test'] as const),
  PORT: Env.schema.number.optional(),
  HOST: Env.schema.string.optional({ format: 'host' }),
  APP_KEY: Env.schema.secret.optional(),
  // Still accepted to decrypt and verify, never to encrypt or sign (config/encryption.ts).
  APP_PREVIOUS_KEYS: secretList,
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
  // A whole number: PostgreSQL refuses every connection that names a bad one.
  DB_STATEMENT_TIMEOUT_MS: positiveInteger,
  // Migrations (database/safe_schema.ts): whole numbers, PostgreSQL settings or counts.
  DB_MIGRATION_LOCK_TIMEOUT_MS: positiveInteger,
  DB_MIGRATION_STATEMENT_TIMEOUT_MS: positiveInteger,
  DB_MIGRATION_LOCK_ATTEMPTS: positiveInteger,
  DB_MIGRATION_RETRY_PAUSE_MS: positiveInteger,
  // Hot standbys that serve reads (config/database.ts): comma-separated URLs, or one by parts.
  DATABASE_REPLICA_URL: parseDatabaseUrls,
  DB_REPLICA_HOST: Env.schema.string.optional({ format: 'host' }),
  DB_REPLICA_PORT: Env.schema.number.optional(),
  DB_REPLICA_USER: Env.schema.string.optional(),
  DB_REPLICA_PASSWORD: Env.schema.secret.optional(),
  DB_REPLICA_DATABASE: Env.schema.string.optional(),
  REPLICA_MAX_LAG_MS: positiveInteger,
  REPLICA_TIMEOUT_MS: positiveInteger,

  MONITORING_SECRET: Env.schema.secret.optional(),
  MONITORING_PREVIOUS_SECRETS: secretList,
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
  NEWSLETTER_LIST_ID: Env.schema.string.optional(),
  // Double opt-in (config/newsletter.ts); the link's lifetime as 7d, 12h, 30m or seconds.
  NEWSLETTER_DOUBLE_OPT_IN: Env.schema.boolean.optional(),
  NEWSLETTER_CONFIRM_TTL: parseDuration,

  // Checked at boot: a bad entry stops the server, named.
  CORS_ORIGINS: parseTrustedOrigins,
  LIMITER_STORE: Env.schema.enum.optional(['database', 'redis', 'memory'] as const),
  SESSION_STORE: Env.schema.enum.optional(['database', 'redis', 'cookie'] as const),
  REDIS_URL: Env.schema.string.optional(),

  FRONTEND_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  // The passkeys' relying party (config/webauthn.ts): the frontend.
  WEBAUTHN_RP_ID: relyingPartyId,
  WEBAUTHN_RP_NAME: Env.schema.string.optional(),
  WEBAUTHN_ORIGINS: parseTrustedOrigins,
  ORGANIZATION_MEMBER_LIMIT: Env.schema.number.optional(),
  REAUTH_MAX_AGE_SECONDS: Env.schema.number.optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: Env.schema.string.optional(),
  OTEL_SERVICE_NAME: Env.schema.string.optional(),

  SHUTDOWN_DRAIN_MS: Env.schema.number.optional(),

  // The subscribe form's protections (config/newsletter_protection.ts): each off unless set.
  NEWSLETTER_CAPTCHA: Env.schema.enum.optional(['altcha'] as const),
  NEWSLETTER_ALTCHA_HMAC_KEY: Env.schema.secret.optional(),
  // Earlier keys, still accepted to verify a challenge they signed (config/newsletter_protection.ts).
  NEWSLETTER_ALTCHA_PREVIOUS_HMAC_KEYS: secretList,
  NEWSLETTER_ALTCHA_COST: Env.schema.number.optional(),
  NEWSLETTER_ALTCHA_MAX_COUNTER: Env.schema.number.optional(),
  NEWSLETTER_HONEYPOT_FIELD: parseHoneypotField,
  NEWSLETTER_ADDRESS_LIMIT: parseSubscribeLimit,
  NEWSLETTER_DOMAIN_LIMIT: parseSubscribeLimit,
  // Background jobs (config/jobs.ts).
  JOBS_IN_WEB_PROCESS: Env.schema.boolean.optional(),
  JOBS_DB_POOL_MAX: Env.schema.number.optional(),
  AUDIT_RETENTION_DAYS: positiveInteger,
}

/** A configuration mistake found at boot: said in one line, and the server does not start. */
function refuse(mistake: string): never {
  process.stderr.write(`${mistake}\n`)
  process.exit(1)
}

/**
 * The environment with the .env files, each NAME_FILE replaced by NAME
 * read from its file (both set: refused, naming them), then validated as
 * if NAME had been set.
 */
const values = await new EnvProcessor(new URL('../', import.meta.url)).process()
const fileMistake = resolveSecretFiles(values)
if (fileMistake) refuse(fileMistake)
const env = new Env(Env.rules(schema).validate(values))

/**
 * Production refuses to start on a deployment mistake, said in one line:
 * outside production a key is generated under tmp/ (below) and an
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
  if (mistake) refuse(mistake)
}

/**
 * Outside production a missing APP_KEY is generated once and kept under
 * tmp/ (git-ignored), so a fresh clone needs no manual step and sessions
 * survive restarts.
 */
function localAppKey(): Secret<string> {
  const file = app.tmpPath('app_key')
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 })
  }
  return new Secret(readFileSync(file, 'utf8').trim())
}

/** APP_KEY, or outside production the one kept under tmp/ (config/app.ts). */
export const appKey = env.get('APP_KEY') ?? localAppKey()

/**
 * APP_PREVIOUS_KEYS, newest first: still accepted to decrypt and verify
 * (config/encryption.ts), each as long as a key must be; the current key
 * repeated there is dropped.
 */
function previousAppKeys() {
  const keys = env.get('APP_PREVIOUS_KEYS')
  keys.forEach((key, index) => {
    if (key.release().length < 16) {
      refuse(`APP_PREVIOUS_KEYS: entry ${index + 1} is shorter than 16 characters: not an app key`)
    }
  })
  return keys.filter((key) => key.release() !== appKey.release())
}

export const appPreviousKeys = previousAppKeys()

/**
 * The DKIM signing key, when MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and a
 * private key (MAIL_DKIM_PRIVATE_KEY, PEM, or MAIL_DKIM_PRIVATE_KEY_FILE)
 * are set: an RSA or an Ed25519 key (config/mail.ts). It is read and parsed
 * here so a wrong one stops the server at boot instead of leaving every
 * email unsigned (nodemailer skips a signature it cannot make).
 */
function dkimSigningKey() {
  const domainName = env.get('MAIL_DKIM_DOMAIN')
  const keySelector = env.get('MAIL_DKIM_SELECTOR')
  // Read from MAIL_DKIM_PRIVATE_KEY_FILE when that is the one set (above).
  const keyValue = env.get('MAIL_DKIM_PRIVATE_KEY')?.release()
  if (!domainName && !keySelector && !keyValue) return undefined
  if (!domainName) refuse('MAIL_DKIM_DOMAIN must be set to sign email with DKIM')
  if (!keySelector) refuse('MAIL_DKIM_SELECTOR must be set to sign email with DKIM')
  if (!keyValue) {
    refuse(
      'MAIL_DKIM_PRIVATE_KEY (PEM) or MAIL_DKIM_PRIVATE_KEY_FILE must be set to sign email with DKIM'
    )
  }
  const variable = env.get('MAIL_DKIM_PRIVATE_KEY_FILE')
    ? 'MAIL_DKIM_PRIVATE_KEY_FILE'
    : 'MAIL_DKIM_PRIVATE_KEY'
  // A PEM put on one line keeps its line breaks as `\n`.
  const privateKey = keyValue.replaceAll('\\n', '\n')
  let type: string | undefined
  try {
    type = createPrivateKey(privateKey).asymmetricKeyType
  } catch {
    refuse(`${variable} is not a private key in PEM format (-----BEGIN PRIVATE KEY-----)`)
  }
  if (type !== 'rsa' && type !== 'ed25519') {
    refuse(`${variable} must be an RSA or Ed25519 private key, not ${type ?? 'this key type'}`)
  }
  return { domainName, keySelector, privateKey: new Secret(privateKey) }
}

export const dkimKey = dkimSigningKey()

/** The shortest NEWSLETTER_ALTCHA_HMAC_KEY accepted: 256 bits written in base64. */
const ALTCHA_KEY_MIN_LENGTH = 32

/**
 * The key that signs the proof-of-work challenges, when NEWSLETTER_CAPTCHA
 * is `altcha`: required then, and the same on every instance (a challenge
 * from one is solved and spent on another). Checked here so a missing or
 * short key stops the start instead of turning every subscribe into a 403.
 */
function altchaSigningKey() {
  if (env.get('NEWSLETTER_CAPTCHA') !== 'altcha') return undefined
  const key = env.get('NEWSLETTER_ALTCHA_HMAC_KEY')
  if (!key || key.release().length < ALTCHA_KEY_MIN_LENGTH) {
    refuse(
      `NEWSLETTER_ALTCHA_HMAC_KEY must be set, at least ${ALTCHA_KEY_MIN_LENGTH} characters and the same on every instance, when NEWSLETTER_CAPTCHA=altcha: generate one with \`openssl rand -base64 32\``
    )
  }
  // Both go into the challenge as 32-bit integers (PBKDF2 iterations, the counter).
  for (const name of ['NEWSLETTER_ALTCHA_COST', 'NEWSLETTER_ALTCHA_MAX_COUNTER'] as const) {
    const value = env.get(name)
    if (value !== undefined && !(Number.isInteger(value) && value >= 1 && value <= 0x7fffffff)) {
      refuse(`${name} must be a whole number from 1 to 2147483647`)
    }
  }
  return key
}

export const altchaKey = altchaSigningKey()

/** NEWSLETTER_ALTCHA_PREVIOUS_HMAC_KEYS: they verify the challenges they signed, never sign. */
export const altchaPreviousKeys = env.get('NEWSLETTER_ALTCHA_PREVIOUS_HMAC_KEYS')

export default env
