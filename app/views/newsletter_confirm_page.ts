import type { I18n } from '@adonisjs/i18n'
import { escapeHtml } from '#helpers/html'
import { pageShell } from '#views/page_shell'

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
  return pageShell(i18n.locale, t('title'), body)
}
