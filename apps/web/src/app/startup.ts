import { getRuntimeConfig } from '../modules/config/index.ts'
import { isDisplayCurrency } from '../modules/currency/index.ts'
import { initOverrides } from '../modules/flags/index.ts'
import { matchLocale } from '../modules/i18n/index.ts'
import { setPreference } from '../modules/preferences/index.ts'
import { parseGlobalParams } from '../modules/urlParams/index.ts'
import { setWalletIntent } from '../modules/wallet/index.ts'

/** A service worker from an earlier deployment could serve stale chunks: the spec unregisters any. */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  try {
    const registrations = await navigator.serviceWorker.getRegistrations()
    await Promise.all(registrations.map((registration) => registration.unregister()))
  } catch {}
}

/**
 * Applies the app-wide URL parameters once, before the first render: theme, cur and lng become
 * the saved preferences; disableNFTs is kept for the session; eagerlyConnect(Address) and intro are
 * handed to the wallet layer; feature-flag, experiment and layer overrides are remembered for the
 * session (never on the production hostname). Invalid values are ignored.
 */
export function applyStartupParams(url: URL): void {
  const params = parseGlobalParams(url.searchParams, { isCurrency: isDisplayCurrency, matchLocale })
  if (params.theme) setPreference('theme', params.theme)
  if (params.cur) setPreference('currency', params.cur)
  if (params.lng) setPreference('locale', params.lng)
  try {
    if (params.disableNFTs === true) sessionStorage.setItem('shouldDisableNFTRoutes', 'true')
    if (params.disableNFTs === false) sessionStorage.removeItem('shouldDisableNFTRoutes')
  } catch {}
  if (params.eagerlyConnect !== undefined) {
    setWalletIntent({
      eagerlyConnect: params.eagerlyConnect,
      eagerlyConnectAddress: params.eagerlyConnectAddress ?? null,
    })
  }
  if (params.intro) setWalletIntent({ disconnectRequested: true })
  initOverrides(url, getRuntimeConfig().productionHostname)
}

export function nftRoutesDisabledForSession(): boolean {
  try {
    return sessionStorage.getItem('shouldDisableNFTRoutes') === 'true'
  } catch {
    return false
  }
}
