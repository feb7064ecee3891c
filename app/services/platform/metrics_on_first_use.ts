type MetricsModule = typeof import('#services/platform/metrics')

/**
 * The metrics module for code that loads before it can: it reads services
 * and config that exist only once the app booted (the mailer, the database
 * pool), so the lanes, the mail delivery and the providers import it on
 * first use. Imported once, then kept: every import() resolves its path
 * again, and a wait in an organization's lane is on the hot path. One per
 * process (the bindings provider), held by the singletons that count.
 */
export default class MetricsOnFirstUse {
  #loaded?: Promise<MetricsModule>

  load(): Promise<MetricsModule> {
    this.#loaded ??= import('#services/platform/metrics')
    return this.#loaded
  }
}
