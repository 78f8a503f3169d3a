import { lazy, Suspense } from 'react'
import { useFeatureFlags } from '../../flags/index.ts'
import { DelegationMismatchPopup } from '../../swap/index.ts'
import { useAccountDrawerOpen, useWalletState } from '../../wallet/index.ts'
import { EdgeSwipe } from './EdgeSwipe.tsx'

/**
 * The drawer (connect view and connected views) and the send form are one lazily loaded chunk: each
 * extra lazy entry point splits the modules the initial load shares with it into more small chunks.
 */
export const loadAccountDrawer = () => import('./AccountDrawer.tsx')
const AccountDrawer = lazy(() => loadAccountDrawer().then((module) => ({ default: module.AccountDrawer })))

const TransactionToasts = lazy(() =>
  loadAccountDrawer().then((module) => ({ default: module.TransactionToasts })),
)

/**
 * Where the header (and the landing's top bar) keeps the account drawer: nothing until it opens, so
 * the drawer's code stays out of the initial chunk and no closed drawer sits in the DOM. The
 * transaction toasts live here too, in the drawer's chunk, mounted once a wallet connects (they
 * render nothing until the app sends a transaction). With the mismatch UX flag on, the spec's
 * delegation-mismatch popup (its own chunk) watches the connected wallet's network. While the drawer
 * is closed, the bottom sheet's edge swipe waits along the bottom edge (touch screens below 641 px).
 */
export function AccountDrawerSlot() {
  const open = useAccountDrawerOpen()
  const wallet = useWalletState()
  const connected = wallet.status === 'connected'
  const { values: flags } = useFeatureFlags()
  return (
    <>
      {open ? (
        <Suspense fallback={null}>
          <AccountDrawer />
        </Suspense>
      ) : (
        <EdgeSwipe />
      )}
      {connected ? (
        <Suspense fallback={null}>
          <TransactionToasts />
        </Suspense>
      ) : null}
      {connected && flags.mismatchUx && wallet.address && wallet.chainId !== null ? (
        <Suspense fallback={null}>
          <DelegationMismatchPopup address={wallet.address} chainId={wallet.chainId} />
        </Suspense>
      ) : null}
    </>
  )
}
