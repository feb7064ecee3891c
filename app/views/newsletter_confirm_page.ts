import type { I18n } from '@adonisjs/i18n'
import { escapeHtml } from '#helpers/html'

/**
 * The page of GET /newsletter/confirm, the confirmation email's link:
 * self-contained like the unsubscribe page (no script, no style, no outside
 * resource, under `Content-Security-Policy: default-src 'none'`). Its button
 * posts the form back to the very URL it was opened at (no `action`), token
 * included; opening the page confirms nothing, since mail scanners open
 * links. Its text is the `pages` catalogue in the caller's language.
 */
export function newsletterConfirmPage({ confirmed }: { confirmed: boolean }, i18n: I18n) {
  const t = (key: string) => escapeHtml(i18n.t(`pages.confirm.${key}`))
  const body = confirmed
    ? `<p>${t('confirmed')}</p>`
    : `<p>${t('question')}</p>
    <form method="post">
      <button type="submit">${t('button')}</button>
    </form>`
  return `<!doctype html>
<html lang="${i18n.locale}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${t('title')}</title>
  </head>
  <body>
    <h1>${t('title')}</h1>
    ${body}
  </body>
</html>
`
}
