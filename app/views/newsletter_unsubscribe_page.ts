import type { I18n } from '@adonisjs/i18n'
import { escapeHtml } from '#helpers/html'
import { pageShell } from '#views/page_shell'

/**
 * The page of GET /newsletter/unsubscribe: self-contained (no script, no
 * style, no outside resource, so `Content-Security-Policy: default-src
 * 'none'` does not touch it). Its button posts the form back to the very
 * URL it was opened at (no `action`), token included; opening the page
 * changes nothing, since link scanners open links too. Its text is the
 * `pages` catalogue in the caller's language.
 */
export function newsletterUnsubscribePage(
  { email, subscribed }: { email: string; subscribed: boolean },
  i18n: I18n
) {
  const t = (key: string) => escapeHtml(i18n.t(`pages.unsubscribe.${key}`, { email }))
  const body = subscribed
    ? `<p>${t('question')}</p>
    <form method="post">
      <button type="submit">${t('button')}</button>
    </form>`
    : `<p>${t('not_subscribed')}</p>`
  return pageShell(i18n.locale, t('title'), body)
}
