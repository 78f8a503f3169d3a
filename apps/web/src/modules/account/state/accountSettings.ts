import { type Preferences, setPreference, usePreferences } from '../../preferences/index.ts'

/** The drawer's settings: fields of the app's one preferences store (the preferences module). */
export type AccountSettings = Pick<
  Preferences,
  'hideSmallBalances' | 'hideSpam' | 'testnetMode' | 'analytics'
>

export function setAccountSetting<K extends keyof AccountSettings>(key: K, value: AccountSettings[K]): void {
  setPreference(key, value)
}

export function useAccountSettings(): AccountSettings {
  return usePreferences()
}

/** Hiding small balances is disabled (and off) in testnet mode. */
export function effectiveHideSmallBalances(settings: AccountSettings): boolean {
  return settings.hideSmallBalances && !settings.testnetMode
}
