import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import NewsletterService from '#services/newsletter/newsletter_service'
import SubscribeScreen, { refusalOf } from '#services/newsletter/subscribe_screen'
import { subscribeValidator } from '#validators/newsletter'
import { languageOf, speak } from '#helpers/languages'

@inject()
export default class NewsletterSubscriptionsController {
  constructor(
    private newsletter: NewsletterService,
    private protections: SubscribeScreen
  ) {}

  /** The contact keeps the language it subscribed in: its emails are written in it. */
  async store(ctx: HttpContext) {
    const { request } = ctx
    const { email } = await request.validateUsing(subscribeValidator)
    const verdict = await this.protections.screen(email, request.body())
    if (verdict.outcome === 'limited') throw refusalOf(verdict)
    if (verdict.outcome === 'accept') {
      await this.newsletter.subscribe(email, {
        ip: request.ip(),
        userAgent: request.header('user-agent') ?? null,
        origin: request.header('origin') ?? null,
        referer: request.header('referer') ?? null,
        locale: languageOf(ctx),
      })
    }
    return this.#subscribed(ctx)
  }

  /**
   * The success answer of the mode, also for a request the protections
   * dropped (the honeypot), so a bot cannot tell it was caught.
   */
  #subscribed(ctx: HttpContext) {
    const i18n = speak(ctx)
    return ctx.response.created({ messages: [{ title: i18n.t('messages.newsletter.subscribed') }] })
  }
}
