import { BaseMail } from '@adonisjs/mail'
import string from '@adonisjs/core/helpers/string'
import type { I18n } from '@adonisjs/i18n'
import { translator } from '#helpers/languages'
import { frontendUrl } from '#config/accounts'

type Body = { paragraphs: string[]; link?: { url: string; label: string } }

/**
 * Account emails: fixed text from the `mail` catalogue in the recipient's
 * language, with any value that came from a user escaped before it reaches
 * the HTML. The link, when there is one, goes to the frontend, which posts
 * its token back (a GET never spends a token).
 */
export abstract class AccountMail extends BaseMail {
  protected i18n: I18n

  /** `key`: the email's section of resources/lang/<locale>/mail.json. */
  constructor(
    protected recipient: string,
    language: string,
    key: string
  ) {
    super()
    this.i18n = translator(language)
    this.subject = this.i18n.t(`mail.${key}.subject`)
  }

  protected abstract body(): Body

  prepare() {
    const { paragraphs, link } = this.body()
    const linkLine = link ? [this.i18n.t('mail.common.link_line', link)] : []
    const text = [...paragraphs, ...linkLine].join('\n\n')
    const html = `<!doctype html>
<html lang="${this.i18n.locale}">
  <body style="font-family: sans-serif; line-height: 1.5; color: #1f2933">
${paragraphs.map((paragraph) => `    <p>${string.escapeHTML(paragraph)}</p>`).join('\n')}
${link ? `    <p><a href="${string.escapeHTML(link.url)}">${string.escapeHTML(link.label)}</a></p>` : ''}
  </body>
</html>
`
    this.message.to(this.recipient).text(`${text}\n`).html(html)
  }
}

/**
 * An account email that carries a one-use link: the greeting, its `body`
 * (with `bodyData`) and `ignore` lines, then its `link` line pointing at
 * `path` on the frontend with the token in the query.
 */
export abstract class LinkMail extends AccountMail {
  constructor(
    recipient: string,
    language: string,
    private link: { key: string; path: string; token: string; bodyData?: Record<string, unknown> }
  ) {
    super(recipient, language, link.key)
  }

  protected body() {
    const { key, path, token, bodyData } = this.link
    const t = (line: string, data?: Record<string, unknown>) =>
      this.i18n.t(`mail.${key}.${line}`, data)
    const url = new URL(`${frontendUrl}${path}`)
    url.searchParams.set('token', token)
    return {
      paragraphs: [this.i18n.t('mail.common.greeting'), t('body', bodyData), t('ignore')],
      link: { label: t('link'), url: url.toString() },
    }
  }
}
