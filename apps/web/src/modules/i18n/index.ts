export { I18nProvider } from './components/I18nProvider.tsx'
export { activeLocale, DEFAULT_LOCALE, isRtl, locales, matchLocale } from './services/locales.ts'
