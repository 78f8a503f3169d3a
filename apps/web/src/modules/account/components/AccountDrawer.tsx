import { shortenAddress } from '@oxbow/core'
import type { QueryClient } from '@tanstack/react-query'
import { type ReactNode, Suspense, useCallback, useEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import { useAnalyticsClient } from '../../analytics/index.ts'
import { FiatPoweredBy } from '../../fiat/index.ts'
import { Dialog, iconButtonClassName } from '../../ui/index.ts'
import {
  ConnectPanel,
  closeAccountDrawer,
  useAccountDrawerOpen,
  useAccountLabel,
  useConnectTitle,
  useWalletState,
} from '../../wallet/index.ts'
import { portfolioQuery } from '../hooks/useAccountData.ts'
import { useSheetDrag } from '../hooks/useSheetDrag.ts'
import { type AccountSettings, effectiveHideSmallBalances } from '../state/accountSettings.ts'
import {
  cancelDrawerReset,
  dismissSignOutNotice,
  scheduleDrawerReset,
  useDrawerNavigation,
  useSignOutNotice,
} from '../state/drawerState.ts'
import styles from './AccountDrawer.module.css'
import { accountMessages as m } from './accountMessages.ts'
import ConnectedDrawer from './ConnectedDrawer.tsx'

export { ReceiveModal } from './ReceiveModal.tsx'
export { SendForm } from './SendForm.tsx'
export { TransactionToasts } from './TransactionToasts.tsx'

/** Loads the connected account's portfolio ahead of the drawer's first open. */
export function prefetchPortfolio(
  queryClient: QueryClient,
  address: string,
  settings: AccountSettings,
): Promise<void> {
  return queryClient.prefetchQuery(
    portfolioQuery(address, effectiveHideSmallBalances(settings), settings.hideSpam, settings.testnetMode),
  )
}

/** The embedded wallet's sign-out the server did not confirm: said once, until dismissed. */
function SignOutNotice() {
  const intl = useIntl()
  if (!useSignOutNotice()) return null
  return (
    <div className={styles.notice} role="alert" data-testid="signout-notice">
      <p>{intl.formatMessage(m.signOutFailed)}</p>
      <button
        type="button"
        className={iconButtonClassName}
        aria-label={intl.formatMessage(m.dismissNotice)}
        onClick={dismissSignOutNotice}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}

/**
 * The account drawer: a side panel on wide screens, a bottom sheet on narrow ones (CSS). While no
 * wallet is connected it shows the connect view; once connected, the account summary and the
 * other views (settings, language, currency, small balances, pools, limits, passkeys), each move
 * sliding forward when deeper and backward otherwise. Escape and the close button close it; closed
 * away from the default view it returns there after 250 ms. View changes are logged as
 * `menu_opened` events.
 */
export function AccountDrawer() {
  const open = useAccountDrawerOpen()
  const wallet = useWalletState()
  const address = wallet.status === 'connected' ? wallet.address : null
  const label = useAccountLabel(address)
  const connectTitle = useConnectTitle()
  const { view, direction } = useDrawerNavigation()
  const analytics = useAnalyticsClient()

  // Mounted only while open (AccountDrawerSlot): closing unmounts it, and away from the default view
  // it returns there 250 ms later unless it reopens first.
  useEffect(() => {
    cancelDrawerReset()
    return scheduleDrawerReset
  }, [])

  useEffect(() => {
    if (open) analytics.track('menu_opened', { menu: 'account_drawer', view })
  }, [open, view, analytics])

  const close = useCallback(() => closeAccountDrawer(), [])
  const handleRef = useRef<HTMLDivElement>(null)
  const onHandleDown = useSheetDrag(handleRef, close)
  const title = address ? (label ?? shortenAddress(address, 6)) : connectTitle

  const content: ReactNode = address ? (
    <ConnectedDrawer address={address} onClose={close} />
  ) : (
    // No animated fallback: the connect view's chunk loads alongside this one (openAccountDrawer), and
    // a shimmer cut short would cancel animations a panel's settle is awaited on.
    <Suspense fallback={null}>
      <ConnectPanel onClose={close} footer={<FiatPoweredBy />} />
    </Suspense>
  )

  return (
    <Dialog
      open={open}
      onClose={close}
      label={title}
      role="dialog"
      className={styles.drawer}
      data-testid="account-drawer"
    >
      {/* The bottom sheet's top edge strip, its drag handle (narrow screens only; Escape and Close do the same by keyboard). */}
      <div
        className={styles.handle}
        ref={handleRef}
        onPointerDown={onHandleDown}
        aria-hidden="true"
        data-testid="sheet-handle"
      />
      <SignOutNotice />
      <div
        key={address ? view : 'connect'}
        className={styles.slide}
        data-view={address ? view : 'connect'}
        data-direction={direction ?? 'none'}
      >
        {content}
      </div>
    </Dialog>
  )
}
