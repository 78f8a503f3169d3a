export { PreferencesMenu } from './components/PreferencesMenu.tsx'
