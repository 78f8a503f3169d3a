import { useEffect } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { reportWebVitals, useAnalyticsClient, usePageViews } from '../modules/analytics/index.ts'
import { getBlockedPaths, isPathBlocked } from '../modules/config/index.ts'
import { useApplyTheme } from '../modules/preferences/index.ts'
import { useRouteMeta } from '../modules/seo/index.ts'
import { setConnectFailureSink } from '../modules/wallet/index.ts'
import { useNavigationParams } from './startup.ts'

function useAnalytics() {
  const client = useAnalyticsClient()
  useEffect(() => {
    // A failed chunk load only costs this session's vitals.
    reportWebVitals(client).catch(() => undefined)
  }, [client])
  useEffect(() => {
    // Each failed wallet connection is logged with wallet name, type, page and message (spec).
    setConnectFailureSink((failure) => client.track('wallet_connect_failed', { ...failure }))
    return () => setConnectFailureSink(undefined)
  }, [client])
  usePageViews(client)
}

/**
 * What every page gets, with or without the app chrome (the landing has none): theme, per-route
 * title/description/canonical, analytics (page views, web vitals, wallet failures), scroll reset,
 * the app-wide URL parameters of client-side navigations, and the operator's blocked paths.
 */
export function AppShell() {
  const { pathname } = useLocation()
  useApplyTheme()
  useRouteMeta()
  useAnalytics()
  useNavigationParams()

  // Scroll resets to the top on page change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => {
    // Braces matter: Chromium's scrollTo returns a promise, which React would take for a cleanup.
    window.scrollTo(0, 0)
  }, [pathname])

  const navigate = useNavigate()
  const blocked = isPathBlocked(pathname, getBlockedPaths())
  useEffect(() => {
    if (blocked) void navigate('/swap', { replace: true })
  }, [blocked, navigate])
  if (blocked) return null
  return <Outlet />
}
