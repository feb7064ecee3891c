/**
 * The languages the product speaks (contract, Languages), listed once; `en`
 * is the default. Free of imports, so config files can read it too; app
 * code reads it through `#helpers/languages`.
 */
export const LANGUAGES = ['en', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'
