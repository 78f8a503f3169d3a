import * as z from 'zod/mini'
import { createStore, safeStorage } from '../../../lib/createStore.ts'

export const themeChoices = ['light', 'dark', 'auto'] as const
export type ThemeChoice = (typeof themeChoices)[number]

export const walletBackupStates = ['notBackedUp', 'inProgress', 'complete'] as const
export type WalletBackupState = (typeof walletBackupStates)[number]

/**
 * The app's one preferences store (localStorage `oxbow.preferences`): the header's theme, language
 * and currency, and the account drawer's settings (the spec's user settings: hide small balances,
 * hide spam, testnet mode, allow analytics) and the embedded wallet's backup card state.
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
  /**
   * The search modal's favorites: `token:<network>:<address>` and `wallet:<address>` (lowercase
   * addresses). A malformed list reads as none (rules in the search module's favorites.ts).
   */
  favorites: z.array(z.string().check(z.regex(/^(token:[a-z0-9_-]{1,40}|wallet):0x[0-9a-f]{40}$/))),
  /**
   * v2 pairs imported with the pool finder (`<network>:<lowercase pair address>`), listed on
   * /positions beside the indexer's (rules in the liquidity module's importedPairs.ts).
   */
  importedV2Pairs: z.array(z.string().check(z.regex(/^[a-z][a-z0-9_]{0,39}:0x[0-9a-f]{40}$/))),
  /**
   * The embedded wallet's download-backup card (version 1): per lowercase address its backup state
   * and whether its card was dismissed, and when any card was last dismissed (ms).
   */
  walletBackup: z.object({
    version: z.literal(1),
    byAddress: z.record(
      z.string().check(z.regex(/^0x[0-9a-f]{40}$/)),
      z.object({ state: z.enum(walletBackupStates), dismissed: z.boolean() }),
    ),
    lastDismissedAt: z.nullable(z.number()),
  }),
}
const schema = z.object(fields)
export type Preferences = z.infer<typeof schema>

const KEY = 'oxbow.preferences'
const local = safeStorage('local')
export const defaultPreferences: Preferences = {
  theme: 'auto',
  locale: null,
  currency: 'USD',
  hideSmallBalances: true,
  hideSpam: true,
  testnetMode: false,
  analytics: true,
  favorites: [],
  importedV2Pairs: [],
  walletBackup: { version: 1, byAddress: {}, lastDismissedAt: null },
}

/**
 * Validates stored preferences field by field: a malformed or missing field takes its default
 * (never a blank screen).
 */
export function parsePreferences(raw: string | null): Preferences {
  let stored: Record<string, unknown> = {}
  try {
    stored = Object(JSON.parse(raw ?? '{}'))
  } catch {}
  const result: Record<string, unknown> = { ...defaultPreferences }
  for (const [key, field] of Object.entries(fields)) {
    const parsed = field.safeParse(stored[key])
    if (parsed.success) result[key] = parsed.data
  }
  return result as Preferences
}

export const preferencesStore = createStore<Preferences>(parsePreferences(local.get(KEY)), (value) =>
  local.set(KEY, JSON.stringify(value)),
)

export function setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]): void {
  preferencesStore.set((previous) => (previous[key] === value ? previous : { ...previous, [key]: value }))
}
