export { CurrencyOptions, LanguageOptions, type OptionClasses } from './components/PreferenceOptions.tsx'
export { PreferencesMenu } from './components/PreferencesMenu.tsx'
export { themeChoiceMessages } from './components/themeChoiceMessages.ts'
