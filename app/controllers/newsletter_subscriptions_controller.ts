import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import NewsletterService from '#services/newsletter_service'
import { subscribeValidator } from '#validators/newsletter'

@inject()
export default class NewsletterSubscriptionsController {
  constructor(private newsletter: NewsletterService) {}

  async store({ request, response }: HttpContext) {
    const { email } = await request.validateUsing(subscribeValidator)
    await this.newsletter.subscribe(email, {
      ip: request.ip(),
      userAgent: request.header('user-agent') ?? null,
      origin: request.header('origin') ?? null,
      referer: request.header('referer') ?? null,
    })
    return response.created({ messages: [{ title: 'Successfully subscribed to the newsletter.' }] })
  }
}
