/**
 * The metrics module for code that loads before it can: it reads services
 * and config that exist only once the app booted (the mailer, the database
 * pool), so the lanes, the mail delivery and the providers import it on
 * first use. Imported once, then kept: every import() resolves its path
 * again, and a wait in an organization's lane is on the hot path.
 */
let loaded: Promise<typeof import('#services/platform/metrics')> | undefined

export function metricsOnFirstUse() {
  loaded ??= import('#services/platform/metrics')
  return loaded
}
