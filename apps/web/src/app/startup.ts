import { useEffect, useRef } from 'react'
import { useLocation, useNavigate, useNavigationType } from 'react-router'
import { getRuntimeConfig } from '../modules/config/index.ts'
import { isDisplayCurrency } from '../modules/currency/index.ts'
import { initOverrides } from '../modules/flags/index.ts'
import { matchLocale } from '../modules/i18n/index.ts'
import { setNftsDisabledForSession, setPreference } from '../modules/preferences/index.ts'
import { type GlobalParams, parseGlobalParams } from '../modules/urlParams/index.ts'
import { followWalletIntent, setWalletIntent } from '../modules/wallet/index.ts'

/** A service worker from an earlier deployment could serve stale chunks: the spec unregisters any. */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  try {
    const registrations = await navigator.serviceWorker.getRegistrations()
    await Promise.all(registrations.map((registration) => registration.unregister()))
  } catch {}
}

function parse(search: URLSearchParams): GlobalParams {
  return parseGlobalParams(search, { isCurrency: isDisplayCurrency, matchLocale })
}

/** theme, cur and lng become the saved preferences; disableNFTs is kept for the session. */
function applyPreferenceParams(params: GlobalParams): void {
  if (params.theme) setPreference('theme', params.theme)
  if (params.cur) setPreference('currency', params.cur)
  if (params.lng) setPreference('locale', params.lng)
  if (params.disableNFTs !== undefined) setNftsDisabledForSession(params.disableNFTs)
}

/**
 * Applies the app-wide URL parameters of the first load, before the first render: the preference
 * parameters; eagerlyConnect(Address) and intro are handed to the wallet layer (acted on once it
 * mounts); feature-flag, experiment and layer overrides are remembered for the session (never on the
 * production hostname). Invalid values are ignored.
 */
export function applyStartupParams(url: URL): void {
  const params = parse(url.searchParams)
  applyPreferenceParams(params)
  if (params.eagerlyConnect !== undefined) {
    setWalletIntent({
      eagerlyConnect: params.eagerlyConnect,
      eagerlyConnectAddress: params.eagerlyConnectAddress ?? null,
    })
  }
  if (params.intro) {
    setWalletIntent({ disconnectRequested: true })
    history.replaceState(history.state, '', withoutIntro(url.pathname, url.search, url.hash))
  }
  initOverrides(url, getRuntimeConfig().productionHostname)
}

/**
 * `intro=true` is a one-shot instruction: once acted on it leaves the URL, so a reload, Back, or the
 * landing carrying its query on to /swap after a connection never disconnects the wallet again.
 */
function withoutIntro(pathname: string, search: string, hash: string): string {
  const next = new URLSearchParams(search)
  next.delete('intro')
  const query = next.toString()
  return `${pathname}${query ? `?${query}` : ''}${hash}`
}

/**
 * The same parameters on every later, client-side navigation (a link such as the logo's
 * `/?intro=true`, or a pushed URL): the page is not reloaded, so start-up never sees them.
 * Overrides stay a first-load matter (they decide which routes exist).
 */
export function useNavigationParams(): void {
  const location = useLocation()
  const navigationType = useNavigationType()
  const navigate = useNavigate()
  const firstLoad = useRef(true)
  useEffect(() => {
    // The first location is the page load's: applied at start-up already.
    if (firstLoad.current) {
      firstLoad.current = false
      return
    }
    const params = parse(new URLSearchParams(location.search))
    applyPreferenceParams(params)
    // Going back or forward to an entry is not asking again: Back onto /?intro=true after connecting
    // must not disconnect a second time.
    if (navigationType === 'POP') return
    if (params.intro) {
      void navigate(withoutIntro(location.pathname, location.search, location.hash), {
        replace: true,
        state: location.state,
      })
    }
    void followWalletIntent(
      {
        disconnectRequested: params.intro === true,
        eagerlyConnect: params.eagerlyConnect === true,
        eagerlyConnectAddress: params.eagerlyConnectAddress ?? null,
      },
      { restore: false },
    )
  }, [location, navigate, navigationType])
}
