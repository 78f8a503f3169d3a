import { defineMessages } from '../../../lib/messages.ts'

/** Each theme choice's name (the preferences menu and the company menu's settings). */
export const themeChoiceMessages = defineMessages({
  light: { id: 'preferences.theme.light', defaultMessage: 'Light' },
  dark: { id: 'preferences.theme.dark', defaultMessage: 'Dark' },
  auto: { id: 'preferences.theme.auto', defaultMessage: 'Auto' },
})
