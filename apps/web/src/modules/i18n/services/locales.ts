import { DEFAULT_LOCALE, isRtl, loadMessages, locales, resolveLocale } from '@oxbow/i18n'

export { DEFAULT_LOCALE, isRtl, loadMessages, locales, resolveLocale }

/** Maps a `lng` value to a supported tag: exact (case-insensitive), else the first of the same language. */
export function matchLocale(tag: string): string | undefined {
  const lower = tag.toLowerCase()
  const exact = locales.find((locale) => locale.tag.toLowerCase() === lower)
  if (exact) return exact.tag
  const language = lower.split('-')[0]
  return locales.find((locale) => locale.tag.toLowerCase().split('-')[0] === language)?.tag
}

/** The spec's order: lng parameter (already saved at start), saved setting, browser, default. */
export function activeLocale(saved: string | null, browser: readonly string[]): string {
  return resolveLocale({ saved, browser })
}
