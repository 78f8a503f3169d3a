import { type ReactNode, useEffect, useState } from 'react'
import { IntlProvider } from 'react-intl'
import { usePreferences } from '../../preferences/index.ts'
import { activeLocale, DEFAULT_LOCALE, isRtl, loadMessages } from '../services/locales.ts'

type Catalog = { readonly locale: string; readonly messages: Record<string, string> }

/**
 * English: the defaultMessages, no catalog. One object for good: setting it again keeps React's
 * state unchanged and react-intl's config equal, so the app is not rendered a second time with a
 * freshly made intl object right after its first render.
 */
const ENGLISH: Catalog = { locale: DEFAULT_LOCALE, messages: {} }

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages
}

/** Missing translations fall back to the English defaultMessage silently (catalogs fill in over time). */
function onIntlError(error: { code?: string }): void {
  if (error.code === 'MISSING_TRANSLATION' || error.code === 'MISSING_DATA') return
  console.warn(error)
}

/**
 * Provides react-intl with the active locale's catalog (loaded lazily, en-US merged as fallback; English
 * itself uses the defaultMessages and loads nothing) and
 * keeps <html lang dir> in step. English renders at once from the defaultMessages; another locale
 * renders once its catalog arrived, so text never swaps under the user (no layout shift).
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { locale: saved } = usePreferences()
  const locale = activeLocale(saved, browserLanguages())
  const [catalog, setCatalog] = useState<Catalog | null>(locale === DEFAULT_LOCALE ? ENGLISH : null)

  useEffect(() => {
    // English is the defaultMessages compiled into the code (the en-US catalog is extracted from
    // them): it needs no catalog, so English pages do not download one on their first load.
    if (locale === DEFAULT_LOCALE) {
      setCatalog(ENGLISH)
      return
    }
    let cancelled = false
    loadMessages(locale).then(
      (messages) => !cancelled && setCatalog({ locale, messages }),
      (error: unknown) => {
        console.warn(`messages for ${locale} failed to load; showing English`, error)
        if (!cancelled) setCatalog(ENGLISH)
      },
    )
    return () => {
      cancelled = true
    }
  }, [locale])

  const shown = catalog ?? ENGLISH
  useEffect(() => {
    document.documentElement.lang = shown.locale
    document.documentElement.dir = isRtl(shown.locale) ? 'rtl' : 'ltr'
  }, [shown.locale])

  if (!catalog) return null
  return (
    <IntlProvider
      locale={shown.locale}
      defaultLocale={DEFAULT_LOCALE}
      messages={shown.messages}
      onError={onIntlError}
    >
      {children}
    </IntlProvider>
  )
}
