import * as z from 'zod/mini'
import { createStore, safeStorage, useStore } from '../../../lib/createStore.ts'

/** The drawer's own settings (the rest, language and currency, are app preferences). */
const schema = z.object({
  hideSmallBalances: z.boolean(),
  hideSpam: z.boolean(),
  testnetMode: z.boolean(),
  analytics: z.boolean(),
})
export type AccountSettings = z.infer<typeof schema>

export const defaultAccountSettings: AccountSettings = {
  hideSmallBalances: true,
  hideSpam: true,
  testnetMode: false,
  analytics: true,
}

const KEY = 'oxbow.account.settings'
const local = safeStorage('local')

/** Validates a stored value field by field: a malformed field takes its default, never a blank screen. */
export function parseAccountSettings(raw: string | null): AccountSettings {
  if (!raw) return defaultAccountSettings
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return defaultAccountSettings
  }
  const whole = schema.safeParse(value)
  if (whole.success) return whole.data
  if (typeof value !== 'object' || value === null) return defaultAccountSettings
  const record = value as Record<string, unknown>
  const pick = (key: keyof AccountSettings) =>
    typeof record[key] === 'boolean' ? (record[key] as boolean) : defaultAccountSettings[key]
  return {
    hideSmallBalances: pick('hideSmallBalances'),
    hideSpam: pick('hideSpam'),
    testnetMode: pick('testnetMode'),
    analytics: pick('analytics'),
  }
}

export const accountSettings = createStore<AccountSettings>(parseAccountSettings(local.get(KEY)), (value) =>
  local.set(KEY, JSON.stringify(value)),
)

export function setAccountSetting<K extends keyof AccountSettings>(key: K, value: AccountSettings[K]): void {
  accountSettings.set((previous) => (previous[key] === value ? previous : { ...previous, [key]: value }))
}

export function useAccountSettings(): AccountSettings {
  return useStore(accountSettings)
}

/** Hiding small balances is disabled (and off) in testnet mode. */
export function effectiveHideSmallBalances(settings: AccountSettings): boolean {
  return settings.hideSmallBalances && !settings.testnetMode
}
