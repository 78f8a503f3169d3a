export { resolveTheme, useApplyTheme, usePreferences } from './hooks/usePreferences.ts'
export {
  nftsDisabledForSession,
  setNftsDisabledForSession,
  useNftsDisabledForSession,
} from './state/nftsDisabled.ts'
export {
  defaultPreferences,
  type Preferences,
  parsePreferences,
  preferencesStore,
  setPreference,
  type ThemeChoice,
  themeChoices,
  type WalletBackupState,
} from './state/preferencesStore.ts'
