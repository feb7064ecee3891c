import { inject } from '@adonisjs/core'
import { smtpLimits } from '#config/mail'
import { Clock } from '#helpers/clock'
import ContactConfirmations from '#services/newsletter/contact_confirmations'
import { NewsletterMode } from '#services/newsletter/newsletter_mode'

/**
 * The background job's prune of unconfirmed contacts (queue
 * `newsletter-unconfirmed-prune`), as `node ace newsletter:prune-unconfirmed`
 * does through DoubleOptInService: contacts whose last link expired
 * (NEWSLETTER_CONFIRM_TTL) and with no confirmation under way (one still
 * sending its welcome email is given the longest a send can take). It
 * takes the clock and the mode from the container, as the service does,
 * without the mail and metrics services the queue's module must not load.
 */
@inject()
export default class UnconfirmedPrune {
  constructor(
    private clock: Clock,
    private mode: NewsletterMode,
    private confirmations: ContactConfirmations
  ) {}

  run() {
    const now = this.clock.now()
    const longestSendMs = smtpLimits.sendBudgetMs + smtpLimits.timeoutMs
    return this.confirmations.prune(
      new Date(now - this.mode.confirmTtlMs),
      new Date(now - longestSendMs)
    )
  }
}
