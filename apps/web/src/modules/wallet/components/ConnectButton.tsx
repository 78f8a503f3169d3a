import { shortenAddress } from '@oxbow/core'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { createStore, useStore } from '../../../lib/createStore.ts'
import { useFeatureFlag } from '../../flags/index.ts'
import { Button, Dialog, secondaryButtonClassName, useDismiss, useKeepInViewport } from '../../ui/index.ts'
import { useAccountLabel } from '../hooks/useAccountLabel.ts'
import { usePendingTransactionsWatcher } from '../hooks/usePendingTransactionsWatcher.ts'
import { followWalletIntent } from '../services/followWalletIntent.ts'
import { loadWalletRuntime } from '../services/loadWalletRuntime.ts'
import { getWalletIntent } from '../state/walletIntent.ts'
import { useWalletState } from '../state/walletStore.ts'
import { ConnectErrorModal } from './ConnectErrorModal.tsx'
import { ConnectView } from './ConnectView.tsx'
import { CopyButton } from './CopyButton.tsx'
import { walletMessages as m } from './messages.ts'
import styles from './Wallet.module.css'

const drawerOpen = createStore(false)
/** The embedded wallet's account actions (Manage passkeys): their own chunk. */
const EmbeddedAccountActions = lazy(() => import('./EmbeddedAccountActions.tsx'))
let restoreStarted = false

/** Opens the connect drawer (the swap screen's 'Connect wallet' button) and loads the wallet layer. */
export function openConnectDrawer(): void {
  drawerOpen.set(true)
  loadWalletRuntime().catch(() => undefined)
}

/**
 * Restores a previous connection, or follows the URL's eagerlyConnect / intro, once per page load:
 * only then are wagmi and the connectors loaded before the user asks for them.
 */
function useRestoreConnection(): void {
  useEffect(() => {
    if (restoreStarted) return
    restoreStarted = true
    void followWalletIntent(getWalletIntent(), { restore: true })
  }, [])
}

/** Whether the connect drawer is open (the landing moves on to /swap when a wallet connects from it). */
export function useConnectModalOpen(): boolean {
  return useStore(drawerOpen)
}

/** The header's connect button and the account drawer's connect view. Hidden once connected. */
export function ConnectButton() {
  useRestoreConnection()
  const intl = useIntl()
  const state = useWalletState()
  const open = useStore(drawerOpen)
  const embeddedWallet = useFeatureFlag('embeddedWallet')
  const [loadFailed, setLoadFailed] = useState(false)
  const wasConnected = useRef(state.status === 'connected')

  useEffect(() => {
    // After any (non-embedded) wallet connects, the drawer closes.
    if (state.status === 'connected' && !wasConnected.current) drawerOpen.set(false)
    wasConnected.current = state.status === 'connected'
  }, [state.status])

  if (state.status === 'connected') return null
  const openDrawer = () => {
    drawerOpen.set(true)
    setLoadFailed(false)
    loadWalletRuntime().catch(() => setLoadFailed(true))
  }
  const reconnecting = state.status === 'reconnecting'
  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={styles.connect}
        aria-expanded={open}
        aria-haspopup="dialog"
        disabled={reconnecting}
        aria-busy={reconnecting || undefined}
        onClick={openDrawer}
      >
        {intl.formatMessage(reconnecting ? m.connecting : m.connect)}
      </button>
      <Dialog
        open={open}
        onClose={() => drawerOpen.set(false)}
        className={styles.drawer}
        label={intl.formatMessage(embeddedWallet ? m.titleLogIn : m.titleConnect)}
      >
        <ConnectView
          embeddedWallet={embeddedWallet}
          loadFailed={loadFailed}
          onRetryLoad={openDrawer}
          onClose={() => drawerOpen.set(false)}
        />
      </Dialog>
      <ConnectErrorModal />
    </div>
  )
}

/**
 * The connected account: its username, else its ENS name, else the shortened address, with the
 * pending-activity count; disconnect asks first. Its popover closes on Escape, an outside press or a
 * route change, and stays inside the viewport.
 */
export function AccountButton() {
  const intl = useIntl()
  const state = useWalletState()
  const label = useAccountLabel(state.status === 'connected' ? state.address : null)
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const embedded = state.status === 'connected' && state.embedded
  const embeddedFlag = useFeatureFlag('embeddedWallet')
  const wasEmbedded = useRef(embedded)
  useEffect(() => {
    // After connecting with the embedded wallet, the wallet modal opens (the spec).
    if (embedded && !wasEmbedded.current) setOpen(true)
    wasEmbedded.current = embedded
  }, [embedded])
  const pending = usePendingTransactionsWatcher(state.status === 'connected' ? state.address : null)
  const wrapRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const close = () => {
    setOpen(false)
    setConfirming(false)
  }
  const shown = open && state.status === 'connected'
  useDismiss(shown, close, wrapRef, triggerRef)
  useKeepInViewport(panelRef, shown)
  if (state.status !== 'connected' || !state.address) return null
  const address = state.address
  const name = label ?? shortenAddress(address, 6)
  return (
    <div className={styles.wrap} ref={wrapRef}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.connect}
        aria-expanded={open}
        aria-label={intl.formatMessage(m.account, { address: name })}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {name}
        {pending.length > 0 ? (
          <span
            className={styles.pendingCount}
            data-testid="account-pending-count"
            title={intl.formatMessage(m.pending, { count: pending.length })}
          >
            {intl.formatNumber(pending.length)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div ref={panelRef} className={styles.popover} role="dialog" aria-label={name}>
          <span className={styles.address} data-testid="wallet-address">
            {address}
          </span>
          {confirming ? (
            <>
              <strong>{intl.formatMessage(m.disconnectConfirm)}</strong>
              <Button
                onClick={() => {
                  close()
                  loadWalletRuntime().then((runtime) => runtime.disconnectWallet())
                }}
              >
                {intl.formatMessage(m.disconnect)}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {intl.formatMessage(m.cancel)}
              </Button>
            </>
          ) : (
            <>
              <CopyButton
                text={address}
                className={secondaryButtonClassName}
                label={intl.formatMessage(m.copy)}
              />
              {embeddedFlag && embedded ? (
                <Suspense fallback={null}>
                  <EmbeddedAccountActions address={address} onNavigate={close} />
                </Suspense>
              ) : null}
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {intl.formatMessage(m.disconnect)}
              </Button>
            </>
          )}
        </div>
      ) : null}
    </div>
  )
}
