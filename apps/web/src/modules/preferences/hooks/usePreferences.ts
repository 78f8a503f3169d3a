import { useEffect, useSyncExternalStore } from 'react'
import { useStore } from '../../../lib/createStore.ts'
import { type Preferences, preferencesStore, type ThemeChoice } from '../state/preferencesStore.ts'

export function usePreferences(): Preferences {
  return useStore(preferencesStore)
}

const darkQuery = '(prefers-color-scheme: dark)'
function subscribeScheme(listener: () => void) {
  const media = window.matchMedia(darkQuery)
  media.addEventListener('change', listener)
  return () => media.removeEventListener('change', listener)
}

/** The theme actually shown: `auto` follows the operating system. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  return choice === 'auto' ? (systemDark ? 'dark' : 'light') : choice
}

/** Puts the resolved theme on <html data-theme>, which selects the token set in tokens.css. */
export function useApplyTheme(): 'light' | 'dark' {
  const { theme } = usePreferences()
  const systemDark = useSyncExternalStore(
    subscribeScheme,
    () => window.matchMedia(darkQuery).matches,
    () => false,
  )
  const resolved = resolveTheme(theme, systemDark)
  useEffect(() => {
    document.documentElement.dataset.theme = resolved
  }, [resolved])
  return resolved
}
