import app from '@adonisjs/core/services/app'
import { defineConfig, loaders } from '@adonisjs/i18n'
import { icuOncePerFixedMessage } from '#helpers/i18n_formatter'
import { DEFAULT_LANGUAGE, LANGUAGES } from '#helpers/language_codes'

/**
 * English and Canadian French (contract, Languages). One catalogue per
 * language under resources/lang/<locale>/*.json; a key missing in one
 * language is a failing test (tests/unit/i18n/catalogues.spec.ts), not a
 * runtime fallback.
 */
const i18nConfig = defineConfig({
  defaultLocale: DEFAULT_LANGUAGE,
  supportedLocales: [...LANGUAGES],
  formatter: icuOncePerFixedMessage,
  loaders: [loaders.fs({ location: app.languageFilesPath() })],
})

export default i18nConfig
