import app from '@adonisjs/core/services/app'
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
 * reads the clock and the mode from the container, as the service does,
 * without the mail and metrics services the queue's module must not load.
 */
export async function pruneUnconfirmedContacts() {
  const clock = await app.container.make(Clock)
  const mode = await app.container.make(NewsletterMode)
  const confirmations = await app.container.make(ContactConfirmations)
  const now = clock.now()
  const longestSendMs = smtpLimits.sendBudgetMs + smtpLimits.timeoutMs
  return confirmations.prune(new Date(now - mode.confirmTtlMs), new Date(now - longestSendMs))
}
