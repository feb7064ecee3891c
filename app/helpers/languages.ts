import type { HttpContext } from '@adonisjs/core/http'
import type { I18n } from '@adonisjs/i18n'
import i18nManager from '@adonisjs/i18n/services/main'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#helpers/language_codes'

export { DEFAULT_LANGUAGE, LANGUAGES, type Language }

function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value)
}

/** One translator per language, made once: an I18n is read-only unless switchLocale is called. */
const translators = new Map<Language, I18n>()

/** The catalogue of `language` (anything unknown is English). */
export function translator(language: string | null | undefined): I18n {
  const chosen = isLanguage(language) ? language : DEFAULT_LANGUAGE
  let found = translators.get(chosen)
  if (!found) {
    found = i18nManager.locale(chosen)
    translators.set(chosen, found)
  }
  return found
}

/** English text of a key: what logs and the spec's own tests read. */
export function inEnglish(key: string, data?: Record<string, unknown>) {
  return translator(DEFAULT_LANGUAGE).t(key, data)
}

/**
 * The language of a request: the signed-in account's `locale` when set,
 * else the best of `Accept-Language` (q-values honoured, `fr-CA` → `fr`),
 * else English. Reads what the request already holds: no query.
 */
export function negotiate(acceptLanguage: string | undefined, accountLocale?: string | null) {
  if (isLanguage(accountLocale)) return accountLocale
  if (!acceptLanguage) return DEFAULT_LANGUAGE
  const best = i18nManager.getSupportedLocaleFor(acceptLanguage)
  return isLanguage(best) ? best : DEFAULT_LANGUAGE
}

/** The account a request is signed in as, when the route looked for one. */
function accountLocaleOf(ctx: HttpContext) {
  return ctx.auth?.user?.locale
}

/** The request's language, negotiated once per request and only when asked (ctx.i18n). */
export function languageOf(ctx: HttpContext): Language {
  return ctx.i18n.locale as Language
}

/** What `ctx.i18n` holds (start/i18n.ts): the translator of the request's language. */
export function requestTranslator(ctx: HttpContext) {
  return translator(negotiate(ctx.request.header('accept-language'), accountLocaleOf(ctx)))
}

/**
 * The translator of a response whose body carries human text: it says
 * which language it speaks, and that the answer depends on Accept-Language
 * (contract: `Content-Language` and `Vary: Accept-Language`).
 */
export function speak(ctx: HttpContext) {
  const i18n = ctx.i18n
  ctx.response.header('Content-Language', i18n.locale)
  const vary = ctx.response.getHeader('vary')
  if (
    !String(vary ?? '')
      .toLowerCase()
      .includes('accept-language')
  ) {
    ctx.response.append('Vary', 'Accept-Language')
  }
  return i18n
}
