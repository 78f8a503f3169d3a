/**
 * TEMPORARY bridge to the @oxbow/i18n contract (locale list, resolution, RTL, lazy catalogs) until
 * that package lands: same exports and behaviour, English catalogs only (every message falls back to
 * its defaultMessage). Replace the import in locales.ts with '@oxbow/i18n' and delete this file.
 */
export const DEFAULT_LOCALE = 'en-US'

export interface LocaleInfo {
  readonly tag: string
  readonly name: string
  readonly nativeName: string
  readonly dir: 'ltr' | 'rtl'
  readonly complete: boolean
}

const rtl = new Set(['ar', 'he', 'fa', 'ur'])
const entry = (tag: string, name: string, nativeName: string): LocaleInfo => ({
  tag,
  name,
  nativeName,
  dir: rtl.has(tag.split('-')[0] ?? '') ? 'rtl' : 'ltr',
  complete: tag === DEFAULT_LOCALE,
})

export const locales: readonly LocaleInfo[] = [
  entry('en-US', 'English', 'English'),
  entry('es-ES', 'Spanish', 'Español'),
  entry('fr-FR', 'French', 'Français'),
  entry('de-DE', 'German', 'Deutsch'),
  entry('pt-BR', 'Portuguese (Brazil)', 'Português (Brasil)'),
  entry('ja-JP', 'Japanese', '日本語'),
  entry('zh-CN', 'Chinese (Simplified)', '简体中文'),
  entry('ko-KR', 'Korean', '한국어'),
  entry('tr-TR', 'Turkish', 'Türkçe'),
  entry('ar-SA', 'Arabic', 'العربية'),
  entry('he-IL', 'Hebrew', 'עברית'),
  entry('fa-IR', 'Persian', 'فارسی'),
  entry('ur-PK', 'Urdu', 'اردو'),
]

export function isRtl(tag: string): boolean {
  return rtl.has(tag.split('-')[0]?.toLowerCase() ?? '')
}

function match(candidate: string): string | undefined {
  const lower = candidate.toLowerCase()
  return (
    locales.find((locale) => locale.tag.toLowerCase() === lower)?.tag ??
    locales.find((locale) => locale.tag.toLowerCase().split('-')[0] === lower.split('-')[0])?.tag
  )
}

export function resolveLocale(input: {
  param?: string | null
  saved?: string | null
  browser?: readonly string[]
}): string {
  for (const candidate of [input.param, input.saved, ...(input.browser ?? [])]) {
    const found = candidate ? match(candidate) : undefined
    if (found) return found
  }
  return DEFAULT_LOCALE
}

export async function loadMessages(_tag: string): Promise<Record<string, string>> {
  return {}
}
