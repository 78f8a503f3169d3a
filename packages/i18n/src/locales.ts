export const DEFAULT_LOCALE = 'en-US'

export interface LocaleInfo {
  /** BCP 47 tag, also the catalog file name (locales/<tag>.json). */
  readonly tag: string
  /** English name. */
  readonly name: string
  /** Name in the language itself (shown in the language picker). */
  readonly nativeName: string
  readonly dir: 'ltr' | 'rtl'
  /** Every en-US message is translated (enforced by the coverage check in `npm test`). */
  readonly complete: boolean
}

const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'he', 'fa', 'ur'])

/** Right-to-left script for the tag's language (Arabic, Hebrew, Persian, Urdu). */
export function isRtl(tag: string): boolean {
  return RTL_LANGUAGES.has(tag.split(/[-_]/)[0]?.toLowerCase() ?? '')
}

/** Locales whose catalog translates every en-US key (checked by scripts/coverage.ts). */
export const COMPLETE_LOCALES: ReadonlySet<string> = new Set([
  'en-US',
  'es-ES',
  'es-419',
  'fr-FR',
  'de-DE',
  'it-IT',
  'pt-BR',
  'ja-JP',
  'zh-CN',
  'ko-KR',
  'ar-SA',
  'he-IL',
])

const entry = (tag: string, name: string, nativeName: string): LocaleInfo => ({
  tag,
  name,
  nativeName,
  dir: isRtl(tag) ? 'rtl' : 'ltr',
  complete: COMPLETE_LOCALES.has(tag),
})

/** The languages the app offers (about 60, like the spec), default first. */
export const locales: readonly LocaleInfo[] = [
  entry('en-US', 'English', 'English'),
  entry('es-ES', 'Spanish (Spain)', 'Español (España)'),
  entry('es-419', 'Spanish (Latin America)', 'Español (Latinoamérica)'),
  entry('es-MX', 'Spanish (Mexico)', 'Español (México)'),
  entry('es-AR', 'Spanish (Argentina)', 'Español (Argentina)'),
  entry('es-CO', 'Spanish (Colombia)', 'Español (Colombia)'),
  entry('es-US', 'Spanish (United States)', 'Español (Estados Unidos)'),
  entry('fr-FR', 'French', 'Français'),
  entry('de-DE', 'German', 'Deutsch'),
  entry('it-IT', 'Italian', 'Italiano'),
  entry('pt-BR', 'Portuguese (Brazil)', 'Português (Brasil)'),
  entry('pt-PT', 'Portuguese (Portugal)', 'Português (Portugal)'),
  entry('nl-NL', 'Dutch', 'Nederlands'),
  entry('ja-JP', 'Japanese', '日本語'),
  entry('zh-CN', 'Chinese (Simplified)', '简体中文'),
  entry('zh-TW', 'Chinese (Traditional)', '繁體中文'),
  entry('ko-KR', 'Korean', '한국어'),
  entry('ar-SA', 'Arabic', 'العربية'),
  entry('he-IL', 'Hebrew', 'עברית'),
  entry('fa-IR', 'Persian', 'فارسی'),
  entry('ur-PK', 'Urdu', 'اردو'),
  entry('tr-TR', 'Turkish', 'Türkçe'),
  entry('ru-RU', 'Russian', 'Русский'),
  entry('uk-UA', 'Ukrainian', 'Українська'),
  entry('pl-PL', 'Polish', 'Polski'),
  entry('cs-CZ', 'Czech', 'Čeština'),
  entry('sk-SK', 'Slovak', 'Slovenčina'),
  entry('hu-HU', 'Hungarian', 'Magyar'),
  entry('ro-RO', 'Romanian', 'Română'),
  entry('bg-BG', 'Bulgarian', 'Български'),
  entry('el-GR', 'Greek', 'Ελληνικά'),
  entry('sr-RS', 'Serbian', 'Српски'),
  entry('hr-HR', 'Croatian', 'Hrvatski'),
  entry('sl-SI', 'Slovenian', 'Slovenščina'),
  entry('lt-LT', 'Lithuanian', 'Lietuvių'),
  entry('lv-LV', 'Latvian', 'Latviešu'),
  entry('et-EE', 'Estonian', 'Eesti'),
  entry('fi-FI', 'Finnish', 'Suomi'),
  entry('sv-SE', 'Swedish', 'Svenska'),
  entry('da-DK', 'Danish', 'Dansk'),
  entry('nb-NO', 'Norwegian', 'Norsk bokmål'),
  entry('is-IS', 'Icelandic', 'Íslenska'),
  entry('ca-ES', 'Catalan', 'Català'),
  entry('af-ZA', 'Afrikaans', 'Afrikaans'),
  entry('sw-TZ', 'Swahili', 'Kiswahili'),
  entry('hi-IN', 'Hindi', 'हिन्दी'),
  entry('bn-BD', 'Bengali', 'বাংলা'),
  entry('ta-IN', 'Tamil', 'தமிழ்'),
  entry('te-IN', 'Telugu', 'తెలుగు'),
  entry('mr-IN', 'Marathi', 'मराठी'),
  entry('th-TH', 'Thai', 'ไทย'),
  entry('vi-VN', 'Vietnamese', 'Tiếng Việt'),
  entry('id-ID', 'Indonesian', 'Bahasa Indonesia'),
  entry('ms-MY', 'Malay', 'Bahasa Melayu'),
  entry('fil-PH', 'Filipino', 'Filipino'),
  entry('az-AZ', 'Azerbaijani', 'Azərbaycan'),
  entry('kk-KZ', 'Kazakh', 'Қазақ тілі'),
  entry('ka-GE', 'Georgian', 'ქართული'),
  entry('hy-AM', 'Armenian', 'Հայերեն'),
  entry('sq-AL', 'Albanian', 'Shqip'),
]

/** Regions whose Spanish is Latin American (resolve to es-419 when not listed themselves). */
const LATIN_AMERICA = new Set([
  'AR',
  'BO',
  'CL',
  'CO',
  'CR',
  'CU',
  'DO',
  'EC',
  'GT',
  'HN',
  'MX',
  'NI',
  'PA',
  'PE',
  'PR',
  'PY',
  'SV',
  'US',
  'UY',
  'VE',
  '419',
])

const byLowerTag = new Map(locales.map((locale) => [locale.tag.toLowerCase(), locale.tag]))

/**
 * A supported tag for a requested one: the exact tag (case-insensitive, '_' accepted), else the
 * regional fallback (Latin-American Spanish to es-419, Traditional Chinese regions to zh-TW),
 * else the first listed locale of the same language (es-ES for 'es', pt-BR for 'pt').
 */
export function matchLocale(requested: string): string | undefined {
  const lower = requested.trim().replace(/_/g, '-').toLowerCase()
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(lower)) return undefined
  const exact = byLowerTag.get(lower)
  if (exact) return exact
  const [language, ...rest] = lower.split('-')
  const region = rest.find((part) => /^([a-z]{2}|\d{3})$/.test(part))?.toUpperCase()
  if (language === 'es' && region && LATIN_AMERICA.has(region)) return 'es-419'
  if (language === 'zh' && (rest.includes('hant') || region === 'HK' || region === 'MO')) return 'zh-TW'
  return locales.find((locale) => locale.tag.toLowerCase().split('-')[0] === language)?.tag
}

/**
 * The active locale in the spec's order: the url `lng` parameter, then the saved setting, then
 * the browser's languages (in the browser's order; each exact, then by language), then en-US.
 */
export function resolveLocale(input: {
  param?: string | null
  saved?: string | null
  browser?: readonly string[]
}): string {
  for (const candidate of [input.param, input.saved, ...(input.browser ?? [])]) {
    const found = candidate ? matchLocale(candidate) : undefined
    if (found) return found
  }
  return DEFAULT_LOCALE
}
