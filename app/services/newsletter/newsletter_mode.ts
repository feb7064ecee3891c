import { doubleOptIn as configured } from '#config/newsletter'

/**
 * How POST /newsletter/subscribe works: single opt-in (the spec's 201 and
 * welcome email) or double opt-in (202 and a confirmation email), and how
 * long a confirmation link lives. Read from the container per request, so
 * a test swaps it (`app.container.swap(NewsletterMode, ...)`) instead of
 * restarting the server with other variables.
 */
export class NewsletterMode {
  constructor(
    readonly doubleOptIn: boolean = configured.enabled,
    readonly confirmTtlMs: number = configured.confirmTtlMs
  ) {}
}
