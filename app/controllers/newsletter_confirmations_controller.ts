import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import DoubleOptInService from '#services/newsletter/double_opt_in_service'
import { confirmValidator } from '#validators/newsletter'
import { clientAsksForJson } from '#http/client_accept'
import { newsletterConfirmPage } from '#views/newsletter_confirm_page'
import { speak } from '#helpers/languages'

/** The double opt-in's confirmation link: GET shows it, POST confirms. */
@inject()
export default class NewsletterConfirmationsController {
  constructor(private doubleOptIn: DoubleOptInService) {}

  /** Changes nothing (mail scanners open links): the page with its button, or JSON when asked. */
  async show(ctx: HttpContext) {
    const { token } = await ctx.request.validateUsing(confirmValidator)
    const contact = await this.doubleOptIn.describe(token)
    if (clientAsksForJson(ctx)) return { data: contact }
    ctx.response.header('Content-Type', 'text/html; charset=utf-8')
    return newsletterConfirmPage(contact, speak(ctx))
  }

  /** Subscribes the link's contact, then sends the welcome email; again, the same answer. */
  async store(ctx: HttpContext) {
    const { request } = ctx
    const { token } = await request.validateUsing(confirmValidator)
    await this.doubleOptIn.confirm(token, {
      ip: request.ip(),
      userAgent: request.header('user-agent') ?? null,
    })
    return { messages: [{ title: speak(ctx).t('messages.newsletter.confirmed') }] }
  }
}
