import { BaseMail } from '@adonisjs/mail'
import string from '@adonisjs/core/helpers/string'
import type { I18n } from '@adonisjs/i18n'
import { translator } from '#helpers/languages'
import { frontendUrl } from '#config/accounts'

/** What an account email says, by name in its section of resources/lang/<locale>/mail.json. */
type Content = {
  /** The section: its `subject`, and the paragraphs named in `lines`. */
  key: string
  /** The paragraphs after the common greeting. */
  lines: string[]
  /** Values for those paragraphs' placeholders. */
  data?: Record<string, unknown>
  /** A one-use link: the section's `link` label, to `path` on the frontend with `token` in its query. */
  link?: { path: string; token: string }
}

/**
 * Account emails: fixed text from the `mail` catalogue in the recipient's
 * language, with any value that came from a user escaped before it reaches
 * the HTML. The link, when there is one, goes to the frontend, which posts
 * its token back (a GET never spends a token).
 */
export abstract class AccountMail extends BaseMail {
  private i18n: I18n

  constructor(
    private recipient: string,
    language: string,
    private content: Content
  ) {
    super()
    this.i18n = translator(language)
    this.subject = this.i18n.t(`mail.${content.key}.subject`)
  }

  prepare() {
    const { key, lines, data, link } = this.content
    const paragraphs = [
      this.i18n.t('mail.common.greeting'),
      ...lines.map((line) => this.i18n.t(`mail.${key}.${line}`, data)),
    ]
    const anchor = link && {
      url: frontendLink(link.path, link.token),
      label: this.i18n.t(`mail.${key}.link`),
    }
    const linkLine = anchor ? [this.i18n.t('mail.common.link_line', anchor)] : []
    const text = [...paragraphs, ...linkLine].join('\n\n')
    const html = `<!doctype html>
<html lang="${this.i18n.locale}">
  <body style="font-family: sans-serif; line-height: 1.5; color: #1f2933">
${paragraphs.map((paragraph) => `    <p>${string.escapeHTML(paragraph)}</p>`).join('\n')}
${anchor ? `    <p><a href="${string.escapeHTML(anchor.url)}">${string.escapeHTML(anchor.label)}</a></p>` : ''}
  </body>
</html>
`
    this.message.to(this.recipient).text(`${text}\n`).html(html)
  }
}

function frontendLink(path: string, token: string) {
  const url = new URL(`${frontendUrl}${path}`)
  url.searchParams.set('token', token)
  return url.toString()
}
