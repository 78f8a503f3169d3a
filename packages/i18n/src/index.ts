export { catalogLoaders } from './catalogs.ts'
export type { LocaleInfo } from './locales.ts'
export { COMPLETE_LOCALES, DEFAULT_LOCALE, isRtl, locales, matchLocale, resolveLocale } from './locales.ts'
export { hasCatalog, loadMessages } from './messages.ts'
