import { DEFAULT_LOCALE, isRtl, loadMessages, locales, matchLocale, resolveLocale } from '@oxbow/i18n'

/** Locale matching has one home, @oxbow/i18n (the `lng` parameter, saved setting and browser alike). */
export { DEFAULT_LOCALE, isRtl, loadMessages, locales, matchLocale, resolveLocale }

/** The spec's order: lng parameter (already saved at start), saved setting, browser, default. */
export function activeLocale(saved: string | null, browser: readonly string[]): string {
  return resolveLocale({ saved, browser })
}
