import { readFileSync } from 'node:fs'

/**
 * The secret variables that may be given as `NAME_FILE` instead (contract,
 * "Secrets an operator can change"): the container-secrets convention,
 * where the platform mounts each secret as a file.
 */
export const SECRET_VARIABLES = [
  'APP_KEY',
  'APP_PREVIOUS_KEYS',
  'MONITORING_SECRET',
  'MONITORING_PREVIOUS_SECRETS',
  'DB_PASSWORD',
  'DATABASE_URL',
  'DATABASE_REPLICA_URL',
  'SMTP_PASSWORD',
  'REDIS_URL',
  'NEWSLETTER_ALTCHA_HMAC_KEY',
  'NEWSLETTER_ALTCHA_PREVIOUS_HMAC_KEYS',
  'MAIL_DKIM_PRIVATE_KEY',
] as const

/**
 * A secret file's contents, without the line break(s) editors and
 * `echo` leave at its end (a secret never ends with one).
 */
export function readSecretFile(path: string) {
  return readFileSync(path, 'utf8').replace(/[\r\n]+$/, '')
}

/**
 * Replaces each `NAME_FILE` of `values` (the environment with the .env
 * files) by `NAME` read from that file. Returns the first mistake, in one
 * line naming the variables, or null: both set, or a file that cannot be
 * read. `values` is changed in place; process.env is not touched, so a
 * child process never inherits a secret it was given as a file.
 */
export function resolveSecretFiles(
  values: Record<string, string | undefined>,
  processEnv: Record<string, string | undefined> = process.env
): string | null {
  for (const name of SECRET_VARIABLES) {
    const fileVariable = `${name}_FILE`
    const file = processEnv[fileVariable] || values[fileVariable]
    if (!file) continue
    if (processEnv[name] || values[name]) {
      return `${name} and ${fileVariable} are both set: keep one (${fileVariable} names a file that holds ${name})`
    }
    try {
      values[name] = readSecretFile(file)
    } catch (error) {
      return `${fileVariable} cannot be read: ${(error as Error).message}`
    }
  }
  return null
}
