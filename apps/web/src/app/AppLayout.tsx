import { useEffect } from 'react'
import { Outlet, useMatches, useNavigate } from 'react-router'
import { loadAccountDrawer } from '../modules/account/index.ts'
import { MobileAppPromoBanner, UkNoticeBanner } from '../modules/banners/index.ts'
import { useFeatureFlags, useNftsEnabled } from '../modules/flags/index.ts'
import { Header } from '../modules/header/index.ts'
import { ScreeningGate } from '../modules/screening/index.ts'
import { SearchModal, useSearchHotkey } from '../modules/search/index.ts'
import { SkeletonRows } from '../modules/ui/index.ts'
import styles from './AppLayout.module.css'
import type { RouteHandle } from './routeHandle.ts'

/** Routes show only when enabled: a disabled route behaves as an unknown one (/not-found). */
function useRouteGate(): 'show' | 'wait' | 'hide' {
  const matches = useMatches()
  const flags = useFeatureFlags()
  const nfts = useNftsEnabled()
  const flag = matches.map((match) => (match.handle as RouteHandle | undefined)?.flag).find(Boolean)
  if (!flag) return 'show'
  const enabled = flag === 'nfts' ? nfts : flags.values[flag]
  if (enabled) return 'show'
  // Wait for the API's answer before refusing a route a remote flag may enable.
  return flags.settled ? 'hide' : 'wait'
}

/**
 * The app chrome around every page but the landing: banners, header, the page, the search modal.
 * Duties shared with the landing (theme, route meta, analytics, scroll reset, blocked paths) live
 * in AppShell, its parent.
 */
export function AppLayout() {
  useSearchHotkey()
  const gate = useRouteGate()

  const navigate = useNavigate()
  useEffect(() => {
    if (gate === 'hide') void navigate('/not-found', { replace: true })
  }, [gate, navigate])
  if (gate === 'hide') return null

  return (
    <>
      <MobileAppPromoBanner />
      <Header />
      <ScreeningGate />
      <div className={styles.content}>
        {gate === 'wait' ? <SkeletonRows count={3} label="Loading" /> : <Outlet />}
      </div>
      <UkNoticeBanner />
      <SearchModal loadAccountDrawer={loadAccountDrawer} />
    </>
  )
}
