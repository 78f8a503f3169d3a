import * as z from 'zod/mini'
import { createStore, safeStorage } from '../../../lib/createStore.ts'

export const themeChoices = ['light', 'dark', 'auto'] as const
export type ThemeChoice = (typeof themeChoices)[number]

const schema = z.object({
  theme: z.enum(themeChoices),
  /** Saved language (null: follow the browser). */
  locale: z.nullable(z.string()),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
})
export type Preferences = z.infer<typeof schema>

const KEY = 'oxbow.preferences'
const local = safeStorage('local')
export const defaultPreferences: Preferences = { theme: 'auto', locale: null, currency: 'USD' }

function load(): Preferences {
  try {
    const parsed = schema.safeParse(JSON.parse(local.get(KEY) ?? 'null'))
    return parsed.success ? parsed.data : defaultPreferences
  } catch {
    return defaultPreferences
  }
}

export const preferencesStore = createStore<Preferences>(load(), (value) =>
  local.set(KEY, JSON.stringify(value)),
)

export function setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]): void {
  preferencesStore.set((previous) => (previous[key] === value ? previous : { ...previous, [key]: value }))
}
