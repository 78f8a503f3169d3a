import { shortenAddress } from '@oxbow/core'
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import { useAnalyticsClient } from '../../analytics/index.ts'
import { Dialog, SkeletonRows } from '../../ui/index.ts'
import {
  ConnectPanel,
  closeAccountDrawer,
  useAccountDrawerOpen,
  useAccountLabel,
  useConnectTitle,
  useWalletState,
} from '../../wallet/index.ts'
import { useSheetDrag } from '../hooks/useSheetDrag.ts'
import { cancelDrawerReset, scheduleDrawerReset, useDrawerNavigation } from '../state/drawerState.ts'
import styles from './AccountDrawer.module.css'
import { accountMessages as m } from './accountMessages.ts'

/** The connected views load on demand: the landing and swap routes keep a small initial bundle. */
const loadConnectedDrawer = () => import('./ConnectedDrawer.tsx')
const ConnectedDrawer = lazy(loadConnectedDrawer)

/** Starts loading the connected views (once a wallet connects), so the first open does not wait for them. */
export function preloadConnectedDrawer(): void {
  void loadConnectedDrawer().catch(() => undefined)
}

/**
 * The account drawer: a side panel on wide screens, a bottom sheet on narrow ones (CSS). While no
 * wallet is connected it shows the connect view; once connected, the account summary and the
 * other views (settings, language, currency, small balances, pools, limits, passkeys), each move
 * sliding forward when deeper and backward otherwise. Escape and the close button close it; closed
 * away from the default view it returns there after 250 ms. View changes are logged as
 * `menu_opened` events.
 *
 * `limitsView`: the open-limit-orders view, provided by the limit-orders feature where the drawer is
 * mounted (a slot, so this module does not depend on that one).
 */
export function AccountDrawer(props: { limitsView?: ReactNode }) {
  const intl = useIntl()
  const open = useAccountDrawerOpen()
  const wallet = useWalletState()
  const address = wallet.status === 'connected' ? wallet.address : null
  const label = useAccountLabel(address)
  const connectTitle = useConnectTitle()
  const { view, direction } = useDrawerNavigation()
  const analytics = useAnalyticsClient()

  const wasOpen = useRef(open)
  useEffect(() => {
    if (open) cancelDrawerReset()
    else if (wasOpen.current) scheduleDrawerReset()
    wasOpen.current = open
  }, [open])

  useEffect(() => {
    if (open) analytics.track('menu_opened', { menu: 'account_drawer', view })
  }, [open, view, analytics])

  const close = useCallback(() => closeAccountDrawer(), [])
  const handleRef = useRef<HTMLDivElement>(null)
  const onHandleDown = useSheetDrag(handleRef, close)
  const title = address ? (label ?? shortenAddress(address, 6)) : connectTitle

  const content: ReactNode = address ? (
    <Suspense fallback={<SkeletonRows count={4} label={intl.formatMessage(m.loading)} />}>
      <ConnectedDrawer address={address} onClose={close} limitsView={props.limitsView} />
    </Suspense>
  ) : (
    <ConnectPanel onClose={close} />
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
      {/* Drag handle of the bottom sheet (narrow screens only; pointer gesture, Escape and Close do the same by keyboard). */}
      <div className={styles.handle} ref={handleRef} onPointerDown={onHandleDown} aria-hidden="true" />
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
