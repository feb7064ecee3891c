import { configProvider } from '@adonisjs/core'
import { formatters } from '@adonisjs/i18n'
import type { TranslationsFormatterContract } from '@adonisjs/i18n/types'

/** Formats a message that takes no value once per language; others as `icu` does. */
function onceForFixedMessages(icu: TranslationsFormatterContract): TranslationsFormatterContract {
  const fixed = new Map<string, string>()
  return {
    name: icu.name,
    format(message, locale, data) {
      if (data && Object.keys(data).length > 0) return icu.format(message, locale, data)
      const key = `${locale}\u0000${message}`
      let formatted = fixed.get(key)
      if (formatted === undefined) {
        formatted = icu.format(message, locale, data)
        fixed.set(key, formatted)
      }
      return formatted
    },
  }
}

/**
 * ICU, with every message that takes no value formatted once per language
 * (parsing one costs tens of microseconds, and most errors are such fixed
 * messages). The catalogues are finite, so the cache is too.
 */
export const icuOncePerFixedMessage = configProvider.create(async (application) => {
  const icu = await formatters.icu().resolver(application)
  return (config: Parameters<typeof icu>[0]) => onceForFixedMessages(icu(config))
})
