import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import NewsletterService from '#services/newsletter/newsletter_service'
import { subscribeValidator } from '#validators/newsletter'
import { languageOf, speak } from '#helpers/languages'

@inject()
export default class NewsletterSubscriptionsController {
  constructor(private newsletter: NewsletterService) {}

  /**
   * The contact keeps the language it subscribed in: its emails are written
   * in it. 201 (the spec), or 202 with double opt-in on, for every address.
   */
  async store(ctx: HttpContext) {
    const { request, response } = ctx
    const { email } = await request.validateUsing(subscribeValidator)
    const i18n = speak(ctx)
    const outcome = await this.newsletter.subscribe(email, {
      ip: request.ip(),
      userAgent: request.header('user-agent') ?? null,
      origin: request.header('origin') ?? null,
      referer: request.header('referer') ?? null,
      locale: languageOf(ctx),
    })
    if (outcome === 'confirmation_requested') {
      return response.accepted({
        messages: [{ title: i18n.t('messages.newsletter.confirmation_sent') }],
      })
    }
    return response.created({ messages: [{ title: i18n.t('messages.newsletter.subscribed') }] })
  }
}
