import { BaseMail } from '@adonisjs/mail'
import type { I18n } from '@adonisjs/i18n'
import { newsletterListId } from '#config/mail'
import { translator } from '#helpers/languages'
import { escapeHtml } from '#helpers/html'

const t = (i18n: I18n, key: string, data?: Record<string, unknown>) =>
  i18n.t(`mail.newsletter_welcome.${key}`, data)

const text = (i18n: I18n, unsubscribeUrl: string) => `${i18n.t('mail.common.greeting')}

${t(i18n, 'thanks')}

${t(i18n, 'ignore')}

${t(i18n, 'unsubscribe_text', { url: unsubscribeUrl })}
`

/** The sentence around the link is translated whole; the link replaces its `{link}`. */
function unsubscribeSentence(i18n: I18n, unsubscribeUrl: string) {
  const marker = '\u0000link\u0000'
  const anchor = `<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t(i18n, 'unsubscribe_link'))}</a>`
  return escapeHtml(t(i18n, 'unsubscribe_html', { link: marker })).replace(marker, anchor)
}

const html = (i18n: I18n, unsubscribeUrl: string) => `<!doctype html>
<html lang="${i18n.locale}">
  <body style="font-family: sans-serif; line-height: 1.5; color: #1f2933">
    <p>${escapeHtml(i18n.t('mail.common.greeting'))}</p>
    <p>${escapeHtml(t(i18n, 'thanks'))}</p>
    <p style="color: #616e7c">${escapeHtml(t(i18n, 'ignore'))}</p>
    <p style="color: #616e7c; font-size: 0.875em">
      ${unsubscribeSentence(i18n, unsubscribeUrl)}</p>
  </body>
</html>
`

/**
 * The welcome email of POST /newsletter/subscribe, in the language the
 * contact subscribed in. Its body is a fixed template: the subscriber's
 * input never reaches the HTML. The sender is the configured MAIL_FROM. It
 * carries RFC 8058 one-click unsubscribe (`List-Unsubscribe` and
 * `List-Unsubscribe-Post`) and shows the same link, and the list's
 * `List-Id` (RFC 2919) that mailbox providers file it by.
 */
export default class NewsletterWelcomeNotification extends BaseMail {
  #i18n: I18n

  constructor(
    private email: string,
    private unsubscribeUrl: string,
    language: string
  ) {
    super()
    this.#i18n = translator(language)
    this.subject = t(this.#i18n, 'subject')
  }

  prepare() {
    this.message
      .to(this.email)
      .addListHeader('id', { url: newsletterListId, comment: 'Newsletter' })
      .listUnsubscribe(this.unsubscribeUrl, { oneClick: true })
      .text(text(this.#i18n, this.unsubscribeUrl))
      .html(html(this.#i18n, this.unsubscribeUrl))
  }
}
