import { lazy, useEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import { createStore, useStore } from '../../../lib/createStore.ts'
import { useFeatureFlag } from '../../flags/index.ts'
import { followWalletIntent } from '../services/followWalletIntent.ts'
import { getWalletIntent } from '../state/walletIntent.ts'
import { useWalletState } from '../state/walletStore.ts'
import { ConnectErrorModal } from './ConnectErrorModal.tsx'
import { loadForDrawer } from './connectLoad.ts'
import { walletMessages as m } from './messages.ts'
import styles from './Wallet.module.css'

const drawerOpen = createStore(false)
let restoreStarted = false

/** Opens the connect drawer (the swap screen's 'Connect wallet' button) and loads the wallet layer. */
export function openConnectDrawer(): void {
  openAccountDrawer()
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

/** Opens the account drawer (the connect view while disconnected, the account once connected). */
export function openAccountDrawer(): void {
  drawerOpen.set(true)
  loadForDrawer()
  // the connect view's chunk loads alongside the drawer's, so the drawer rarely waits for it
  void loadConnectPanel().catch(() => undefined)
}

export function closeAccountDrawer(): void {
  drawerOpen.set(false)
}

/** Whether the account drawer is open (whatever it shows). */
export function useAccountDrawerOpen(): boolean {
  return useStore(drawerOpen)
}

/** The connect view's title: 'Log in or connect' with the embedded wallet, else 'Connect a wallet'. */
export function useConnectTitle(): string {
  const intl = useIntl()
  const embeddedWallet = useFeatureFlag('embeddedWallet')
  return intl.formatMessage(embeddedWallet ? m.titleLogIn : m.titleConnect)
}

/**
 * The connect view as the account drawer shows it while no wallet is connected: its own chunk, so
 * it stays out of the header's initial chunk (a re-export from index.ts would pull it in). Render it
 * inside Suspense.
 */
const loadConnectPanel = () => import('./ConnectPanel.tsx')
/** The header's wallet button look (Connect; the account button when connected, with its avatar). */
export const headerWalletButtonClassName: string = styles.connect ?? ''

export const ConnectPanel = lazy(loadConnectPanel)

/**
 * The header's connect button (hidden once connected): it opens the account drawer, which shows the
 * connect view; after a (non-embedded) wallet connects the drawer closes.
 */
export function ConnectButton() {
  useRestoreConnection()
  const intl = useIntl()
  const state = useWalletState()
  const open = useStore(drawerOpen)
  const wasConnected = useRef(state.status === 'connected')

  useEffect(() => {
    // After an external wallet connects the drawer closes; after the embedded wallet connects it
    // stays open on the account (the spec's wallet modal).
    if (state.status === 'connected' && !wasConnected.current && !state.embedded) drawerOpen.set(false)
    wasConnected.current = state.status === 'connected'
  }, [state.status, state.embedded])

  if (state.status === 'connected') return <ConnectErrorModal />
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
        onClick={openAccountDrawer}
      >
        {intl.formatMessage(reconnecting ? m.connecting : m.connect)}
      </button>
      <ConnectErrorModal />
    </div>
  )
}
