import { DRAWER_RESET_MS } from '@oxbow/core'
import * as z from 'zod/mini'
import { createStore, safeStorage, useStore } from '../../../lib/createStore.ts'

/** The account drawer's views (spec: account drawer). */
export const drawerViews = [
  'default',
  'settings',
  'otherWallets',
  'language',
  'currency',
  'portfolioBalance',
  'limits',
  'pools',
  'passkeys',
  'username',
  'smartWallet',
] as const
export type DrawerView = (typeof drawerViews)[number]

/** Default is level 0; settings, pools and other wallets level 1; the rest level 2. */
export function viewDepth(view: DrawerView): 0 | 1 | 2 {
  if (view === 'default') return 0
  if (view === 'settings' || view === 'pools' || view === 'otherWallets') return 1
  return 2
}

export interface DrawerNavigation {
  readonly view: DrawerView
  /** Deeper slides forward, anything else backward; null before the first move. */
  readonly direction: 'forward' | 'backward' | null
}

export const drawerNavigation = createStore<DrawerNavigation>({ view: 'default', direction: null })

/** Moves to `next`, sliding forward when it is deeper than the current view, else backward. */
export function showDrawerView(next: DrawerView): void {
  drawerNavigation.set((current) =>
    current.view === next
      ? current
      : { view: next, direction: viewDepth(next) > viewDepth(current.view) ? 'forward' : 'backward' },
  )
}

export function useDrawerNavigation(): DrawerNavigation {
  return useStore(drawerNavigation)
}

let resetTimer: ReturnType<typeof setTimeout> | undefined

/** After closing away from the default view, the drawer returns to it after the spec's 250 ms. */
export function scheduleDrawerReset(): void {
  clearTimeout(resetTimer)
  if (drawerNavigation.get().view === 'default') return
  resetTimer = setTimeout(() => drawerNavigation.set({ view: 'default', direction: null }), DRAWER_RESET_MS)
}

export function cancelDrawerReset(): void {
  clearTimeout(resetTimer)
}

// --- the mini-portfolio tab, remembered across reloads ---

export const portfolioTabs = ['tokens', 'nfts', 'pools', 'activity'] as const
export type PortfolioTab = (typeof portfolioTabs)[number]

const local = safeStorage('local')
const TAB_KEY = 'oxbow.account.tab'
const tabSchema = z.enum(portfolioTabs)

/** A stored tab that is not one of the four reads as Tokens. */
export function parsePortfolioTab(raw: string | null): PortfolioTab {
  const parsed = tabSchema.safeParse(raw)
  return parsed.success ? parsed.data : 'tokens'
}

export const portfolioTab = createStore<PortfolioTab>(parsePortfolioTab(local.get(TAB_KEY)), (tab) =>
  local.set(TAB_KEY, tab),
)

export function usePortfolioTab(): PortfolioTab {
  return useStore(portfolioTab)
}

// --- a sign-out the API did not confirm (the embedded wallet), shown in the drawer until dismissed ---

const signOutFailed = createStore(false)

export function showSignOutNotice(): void {
  signOutFailed.set(true)
}

export function dismissSignOutNotice(): void {
  signOutFailed.set(false)
}

export function useSignOutNotice(): boolean {
  return useStore(signOutFailed)
}
