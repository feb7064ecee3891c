import { BaseMail } from '@adonisjs/mail'
import type { I18n } from '@adonisjs/i18n'
import { translator } from '#helpers/languages'
import { escapeHtml } from '#helpers/html'

const t = (i18n: I18n, key: string) => i18n.t(`mail.newsletter_confirmation.${key}`)

/**
 * The double opt-in's confirmation email, in the language of the request
 * that asked for it. Fixed text and one link, nothing else: no name, no
 * part of the address, nothing the request wrote (a bot's "name" field is
 * how spam rides on confirmation emails). The link opens a page whose
 * button confirms: opening it changes nothing, since mail scanners open
 * links. No List-Unsubscribe: the address is not subscribed, and ignoring
 * the email is how one declines.
 */
export default class NewsletterConfirmationNotification extends BaseMail {
  #i18n: I18n

  constructor(
    private email: string,
    private confirmUrl: string,
    language: string
  ) {
    super()
    this.#i18n = translator(language)
    this.subject = t(this.#i18n, 'subject')
  }

  prepare() {
    const i18n = this.#i18n
    const paragraphs = [i18n.t('mail.common.greeting'), t(i18n, 'body'), t(i18n, 'ignore')]
    const label = t(i18n, 'link')
    const text = [
      ...paragraphs.slice(0, 2),
      i18n.t('mail.common.link_line', { label, url: this.confirmUrl }),
      paragraphs[2],
    ].join('\n\n')
    const html = `<!doctype html>
<html lang="${i18n.locale}">
  <body style="font-family: sans-serif; line-height: 1.5; color: #1f2933">
    <p>${escapeHtml(paragraphs[0])}</p>
    <p>${escapeHtml(paragraphs[1])}</p>
    <p><a href="${escapeHtml(this.confirmUrl)}">${escapeHtml(label)}</a></p>
    <p style="color: #616e7c">${escapeHtml(paragraphs[2])}</p>
  </body>
</html>
`
    this.message.to(this.email).text(`${text}\n`).html(html)
  }
}
