import { safeStorage } from '../../../lib/createStore.ts'

const session = safeStorage('session')
const KEY = 'oxbow.wallet.testMode'

/**
 * Test mode (only the mock connector is offered): turned on for the session by `?testMode` (any value
 * but 0/false), off by `?testMode=0`. Never on the production hostname.
 */
export function isTestMode(
  productionHostname: string,
  location: Pick<Location, 'hostname' | 'search'> = window.location,
): boolean {
  if (location.hostname === productionHostname) return false
  const param = new URLSearchParams(location.search).get('testMode')
  if (param !== null) {
    const on = param !== '0' && param !== 'false'
    if (on) session.set(KEY, '1')
    else session.remove(KEY)
    return on
  }
  return session.get(KEY) === '1'
}
