import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import NotFoundException from '#exceptions/not_found_exception'
import AltchaCaptcha from '#services/newsletter/altcha_captcha'
import { message } from '#exceptions/api_exception'

@inject()
export default class NewsletterChallengesController {
  constructor(private captcha: AltchaCaptcha) {}

  /**
   * A proof-of-work challenge for the subscribe form's ALTCHA widget, as
   * the widget reads it (not in the `data` envelope); never cached, each is
   * solved and accepted once. 404 while NEWSLETTER_CAPTCHA is off.
   */
  async show({ response }: HttpContext) {
    if (!AltchaCaptcha.enabled) throw new NotFoundException(message('errors.resource.not_found'))
    response.header('cache-control', 'no-store')
    return response.json(await this.captcha.challenge())
  }
}
