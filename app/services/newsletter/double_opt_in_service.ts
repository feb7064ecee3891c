import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { Clock } from '#helpers/clock'
import { invalidConfirmationToken } from '#exceptions/validation_error_reporter'
import NewsletterConfirmationNotification from '#mails/newsletter_confirmation_notification'
import NewsletterWelcomeNotification from '#mails/newsletter_welcome_notification'
import MailDelivery from '#services/platform/mail_delivery'
import type { Consent } from '#services/newsletter/contact_provider'
import ContactConfirmations, { type Confirmer } from '#services/newsletter/contact_confirmations'
import ConfirmationToken from '#services/newsletter/confirmation_token'
import UnsubscribeToken from '#services/newsletter/unsubscribe_token'
import { NewsletterMode } from '#services/newsletter/newsletter_mode'
import { maskEmail, providerFailure, storedConsent } from '#services/newsletter/newsletter_helpers'
import { confirmationEmails, welcomeEmails } from '#services/platform/metrics'

const rejectAsProviderFailure = (error: unknown) => Promise.reject(providerFailure(error))

/**
 * Double opt-in (contract, "The public subscribe form under attack"): a
 * sign-up is `unconfirmed` and gets a confirmation email; posting its link
 * subscribes it and only then is the welcome email sent. Both emails go
 * with no transaction or connection held, and a failed one gives back what
 * was claimed for it, so a retry works.
 */
@inject()
export default class DoubleOptInService {
  constructor(
    private confirmations: ContactConfirmations,
    private delivery: MailDelivery,
    private mode: NewsletterMode,
    private clock: Clock,
    private confirmationToken: ConfirmationToken,
    private unsubscribeToken: UnsubscribeToken
  ) {}

  /**
   * Sends a confirmation email when the address may get one: new, or
   * unconfirmed or unsubscribed within the resend budget. A subscribed
   * address, or one over its budget, gets nothing, and the caller answers
   * the same. The email carries a link and fixed text only: nothing the
   * request wrote reaches it.
   */
  async request(email: string, consent: Consent) {
    const now = new Date(this.clock.now())
    const { ip, userAgent, origin, referer, locale } = storedConsent(consent)
    const submission = { at: now.toISOString(), ip, userAgent, origin, referer, locale }
    const claim = await this.confirmations
      .request(email, submission, now, this.delivery.longestSendMs)
      .catch(rejectAsProviderFailure)
    if (!claim) return

    const link = this.confirmationToken.url(claim.contactId, now.getTime() + this.mode.confirmTtlMs)
    try {
      await this.delivery.send(new NewsletterConfirmationNotification(email, link, locale))
      confirmationEmails.inc({ outcome: 'sent' })
    } catch (error) {
      confirmationEmails.inc({ outcome: 'failed' })
      await this.confirmations.release(claim).catch((release) => {
        // Then the budget counts an email that never went: the next window sends again.
        logger.warn({ err: release }, 'a failed confirmation email kept its claim')
      })
      throw providerFailure(error)
    }
  }

  /**
   * Confirms the link's contact: claimed, welcome email sent, then
   * subscribed with its consent record. When the email fails the claim is
   * let go and the contact stays unconfirmed (500), so the link works
   * again. A contact already subscribed, or being confirmed by another
   * click right now, answers the same success with nothing sent.
   */
  async confirm(token: string, confirmer: Confirmer) {
    const now = this.clock.now()
    const contactId = this.confirmationToken.read(token, now)
    if (!contactId) throw invalidConfirmationToken()
    const claimed = await this.confirmations
      .claim(contactId, new Date(now), this.delivery.longestSendMs)
      .catch(rejectAsProviderFailure)
    if (!claimed) {
      const contact = await this.confirmations.find(contactId).catch(rejectAsProviderFailure)
      if (contact?.status === 'subscribed' || contact?.status === 'unconfirmed') return
      throw invalidConfirmationToken()
    }

    try {
      await this.delivery.send(
        new NewsletterWelcomeNotification(
          claimed.email,
          this.unsubscribeToken.url(contactId),
          claimed.locale
        )
      )
      welcomeEmails.inc({ outcome: 'sent' })
    } catch (error) {
      welcomeEmails.inc({ outcome: 'failed' })
      await this.confirmations.abandon(contactId, claimed.claimedAt).catch((release) => {
        // The claim is then taken over once abandoned: the link works again soon.
        logger.warn({ err: release }, 'a failed confirmation kept its claim')
      })
      throw providerFailure(error)
    }
    await this.confirmations
      .complete(contactId, claimed.claimedAt, {
        ip: confirmer.ip.slice(0, 45),
        userAgent: confirmer.userAgent?.slice(0, 512) ?? null,
      })
      .catch(rejectAsProviderFailure)
  }

  /** What the confirmation page shows: the masked address and whether it is confirmed. */
  async describe(token: string) {
    const contactId = this.confirmationToken.read(token, this.clock.now())
    const contact = contactId ? await this.confirmations.find(contactId) : null
    if (contact?.status !== 'unconfirmed' && contact?.status !== 'subscribed') {
      throw invalidConfirmationToken()
    }
    return { email: maskEmail(contact.email), confirmed: contact.status === 'subscribed' }
  }

  /**
   * node ace newsletter:prune-unconfirmed: unconfirmed contacts whose last
   * link has expired (see ContactConfirmations.prune).
   */
  prune() {
    const now = this.clock.now()
    return this.confirmations.prune(
      new Date(now - this.mode.confirmTtlMs),
      new Date(now - this.delivery.longestSendMs)
    )
  }
}
