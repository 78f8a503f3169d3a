import { safeStorage } from '../../../lib/createStore.ts'

/** Whether the user acknowledged the low-native-token info (localStorage; anything but '1' is no). */
const KEY = 'oxbow.send.lowNativeDismissed'
const local = safeStorage('local')

export function lowNativeDismissed(): boolean {
  return local.get(KEY) === '1'
}

export function setLowNativeDismissed(): void {
  local.set(KEY, '1')
}
