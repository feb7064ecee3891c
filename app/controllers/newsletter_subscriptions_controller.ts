import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import NewsletterService from '#services/newsletter/newsletter_service'
import SubscribeScreen, { refusalOf } from '#services/newsletter/subscribe_screen'
import { subscribeValidator } from '#validators/newsletter'
import { NewsletterMode } from '#services/newsletter/newsletter_mode'
import { newsletterDrops } from '#services/platform/metrics'
import { languageOf, speak } from '#helpers/languages'

@inject()
export default class NewsletterSubscriptionsController {
  constructor(
    private newsletter: NewsletterService,
    private protections: SubscribeScreen
  ) {}

  /**
   * The contact keeps the language it subscribed in: its emails are written
   * in it. 201 (the spec), or 202 with double opt-in on, for every address.
   */
  async store(ctx: HttpContext) {
    const { request } = ctx
    const { email } = await request.validateUsing(subscribeValidator)
    const mode = await ctx.containerResolver.make(NewsletterMode)
    const verdict = await this.protections.screen(email, request.body())
    if (verdict.outcome === 'limited') {
      // In double opt-in the answer never tells anything about an address: the same 202, nothing sent.
      if (!mode.doubleOptIn) throw refusalOf(verdict)
      newsletterDrops.inc({ reason: verdict.reason })
    }
    if (verdict.outcome === 'accept') {
      await this.newsletter.subscribe(email, {
        ip: request.ip(),
        userAgent: request.header('user-agent') ?? null,
        origin: request.header('origin') ?? null,
        referer: request.header('referer') ?? null,
        locale: languageOf(ctx),
      })
    }
    return this.#subscribed(ctx, mode)
  }

  /**
   * The success answer of the mode, also for a request the protections
   * dropped (the honeypot; a limit in double opt-in), so a bot cannot tell
   * it was caught: 201 (the spec), or 202 with double opt-in.
   */
  #subscribed(ctx: HttpContext, mode: NewsletterMode) {
    const i18n = speak(ctx)
    if (mode.doubleOptIn) {
      return ctx.response.accepted({
        messages: [{ title: i18n.t('messages.newsletter.confirmation_sent') }],
      })
    }
    return ctx.response.created({ messages: [{ title: i18n.t('messages.newsletter.subscribed') }] })
  }
}
