export { type ChoiceClassNames, CurrencyChoices, LocaleChoices } from './components/PreferenceChoices.tsx'
export { PreferencesMenu } from './components/PreferencesMenu.tsx'
