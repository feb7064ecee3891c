import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import NewsletterService from '#services/newsletter/newsletter_service'
import { unsubscribeValidator } from '#validators/newsletter'
import { clientAsksForJson } from '#http/client_accept'
import { newsletterUnsubscribePage } from '#views/newsletter_unsubscribe_page'
import { speak } from '#helpers/languages'

@inject()
export default class NewsletterUnsubscriptionsController {
  constructor(private newsletter: NewsletterService) {}

  /** Changes nothing: the page with its button, or JSON when the client asks for it. */
  async show(ctx: HttpContext) {
    const { token } = await ctx.request.validateUsing(unsubscribeValidator)
    const contact = await this.newsletter.describe(token)
    if (clientAsksForJson(ctx)) return { data: contact }
    ctx.response.header('Content-Type', 'text/html; charset=utf-8')
    return newsletterUnsubscribePage(contact, speak(ctx))
  }

  /** RFC 8058 one-click POST (or the page's button); idempotent. */
  async store(ctx: HttpContext) {
    const { token, ...body } = await ctx.request.validateUsing(unsubscribeValidator)
    const via = body['List-Unsubscribe'] === 'One-Click' ? 'one_click' : 'link'
    await this.newsletter.unsubscribe(token, via)
    return { messages: [{ title: speak(ctx).t('messages.newsletter.unsubscribed') }] }
  }
}
