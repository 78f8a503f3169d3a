import * as z from 'zod/mini'
import { createStore, safeStorage } from '../../../lib/createStore.ts'

export const themeChoices = ['light', 'dark', 'auto'] as const
export type ThemeChoice = (typeof themeChoices)[number]

/**
 * The app's one preferences store (localStorage `oxbow.preferences`): the header's theme, language
 * and currency, and the account drawer's settings (the spec's user settings: hide small balances,
 * hide spam, testnet mode, allow analytics).
 */
const fields = {
  theme: z.enum(themeChoices),
  /** Saved language (null: follow the browser). */
  locale: z.nullable(z.string()),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  /** Hide balances under 1 USD (disabled and off in testnet mode). */
  hideSmallBalances: z.boolean(),
  /** Hide spam and unknown tokens. */
  hideSpam: z.boolean(),
  /** Show the registry's test networks instead of the mainnets. */
  testnetMode: z.boolean(),
  /** Usage data may go to the API's analytics proxy. */
  analytics: z.boolean(),
}
const schema = z.object(fields)
export type Preferences = z.infer<typeof schema>

const KEY = 'oxbow.preferences'
/** Where the drawer's settings were stored before they joined this store: read once, then removed. */
const LEGACY_ACCOUNT_KEY = 'oxbow.account.settings'
const local = safeStorage('local')
export const defaultPreferences: Preferences = {
  theme: 'auto',
  locale: null,
  currency: 'USD',
  hideSmallBalances: true,
  hideSpam: true,
  testnetMode: false,
  analytics: true,
}

function parseObject(raw: string | null): Record<string, unknown> {
  if (!raw) return {}
  try {
    const value: unknown = JSON.parse(raw)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/**
 * Validates stored preferences field by field: a malformed or missing field takes its default
 * (never a blank screen). `legacy` (the drawer's old settings) fills what `raw` lacks.
 */
export function parsePreferences(raw: string | null, legacy: string | null = null): Preferences {
  const stored = { ...parseObject(legacy), ...parseObject(raw) }
  const result: Record<string, unknown> = { ...defaultPreferences }
  for (const key of Object.keys(fields) as (keyof Preferences)[]) {
    const parsed = fields[key].safeParse(stored[key])
    if (parsed.success) result[key] = parsed.data
  }
  return result as Preferences
}

function load(): Preferences {
  const legacy = local.get(LEGACY_ACCOUNT_KEY)
  const preferences = parsePreferences(local.get(KEY), legacy)
  if (legacy !== null) {
    local.set(KEY, JSON.stringify(preferences))
    local.remove(LEGACY_ACCOUNT_KEY)
  }
  return preferences
}

export const preferencesStore = createStore<Preferences>(load(), (value) =>
  local.set(KEY, JSON.stringify(value)),
)

export function setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]): void {
  preferencesStore.set((previous) => (previous[key] === value ? previous : { ...previous, [key]: value }))
}
