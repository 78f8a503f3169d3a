import { useEffect, useMemo } from 'react'
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router'
import {
  createAnalyticsClient,
  isSessionSampled,
  reportWebVitals,
  usePageViews,
} from '../modules/analytics/index.ts'
import { MobileAppPromoBanner, UkNoticeBanner } from '../modules/banners/index.ts'
import { getBlockedPaths, getRuntimeConfig, isPathBlocked } from '../modules/config/index.ts'
import { useFeatureFlags } from '../modules/flags/index.ts'
import { Header } from '../modules/header/index.ts'
import { useApplyTheme } from '../modules/preferences/index.ts'
import { SearchModal, useSearchHotkey } from '../modules/search/index.ts'
import { useRouteMeta } from '../modules/seo/index.ts'
import { SkeletonRows } from '../modules/ui/index.ts'
import { setConnectFailureSink } from '../modules/wallet/index.ts'
import styles from './AppLayout.module.css'
import type { RouteHandle } from './routeHandle.ts'
import { nftRoutesDisabledForSession } from './startup.ts'

function useAnalytics() {
  const client = useMemo(() => {
    const config = getRuntimeConfig()
    let sampled = false
    try {
      sampled = isSessionSampled(config.analyticsSampleRate, sessionStorage)
    } catch {}
    return createAnalyticsClient({ apiUrl: config.apiUrl, buildHash: config.buildHash, sampled })
  }, [])
  useEffect(() => {
    reportWebVitals(client)
  }, [client])
  useEffect(() => {
    // Each failed wallet connection is logged with wallet name, type, page and message (spec).
    setConnectFailureSink((failure) => client.track('wallet_connect_failed', { ...failure }))
    return () => setConnectFailureSink(undefined)
  }, [client])
  usePageViews(client)
}

/** Routes show only when enabled: a disabled route behaves as an unknown one (/not-found). */
function useRouteGate(): 'show' | 'wait' | 'hide' {
  const matches = useMatches()
  const flags = useFeatureFlags()
  const flag = matches.map((match) => (match.handle as RouteHandle | undefined)?.flag).find(Boolean)
  if (!flag) return 'show'
  const enabled =
    flag === 'nfts' ? flags.values.nftRoutes && !nftRoutesDisabledForSession() : flags.values[flag]
  if (enabled) return 'show'
  // Wait for the API's answer before refusing a route a remote flag may enable.
  return flags.settled ? 'hide' : 'wait'
}

/** The app frame around every page: banners, header, the page, the search modal. */
export function AppLayout() {
  const { pathname } = useLocation()
  useApplyTheme()
  useRouteMeta()
  useSearchHotkey()
  useAnalytics()
  const gate = useRouteGate()

  // Scroll resets to the top on page change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => {
    // Braces matter: Chromium's scrollTo returns a promise, which React would take for a cleanup.
    window.scrollTo(0, 0)
  }, [pathname])

  const navigate = useNavigate()
  const redirectTo = isPathBlocked(pathname, getBlockedPaths())
    ? '/swap'
    : gate === 'hide'
      ? '/not-found'
      : null
  useEffect(() => {
    if (redirectTo) void navigate(redirectTo, { replace: true })
  }, [redirectTo, navigate])
  if (redirectTo) return null

  return (
    <>
      <MobileAppPromoBanner />
      <Header />
      <div className={styles.content}>
        {gate === 'wait' ? <SkeletonRows count={3} label="Loading" /> : <Outlet />}
      </div>
      <UkNoticeBanner />
      <SearchModal />
    </>
  )
}
