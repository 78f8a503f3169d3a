import { createStore, safeStorage, useStore } from '../../../lib/createStore.ts'
import type { WalletEntry } from '../services/connectorList.ts'

/** The spec's wallet connection states. */
export type ConnectionStatus = 'idle' | 'reconnecting' | 'pending' | 'failed' | 'connected'

export interface WalletState {
  readonly status: ConnectionStatus
  readonly address: `0x${string}` | null
  readonly chainId: number | null
  /** Wallets the loaded wallet layer offers (empty until it is loaded). */
  readonly wallets: readonly WalletEntry[]
  readonly loaded: boolean
  /** The wallet being connected (spinner) or that failed (retry target). */
  readonly targetId: string | null
  readonly errorMessage: string | null
  /** WalletConnect pairing URI to show as a QR code while its connection is pending. */
  readonly pairingUri: string | null
  /** True while the connected wallet is the passkey embedded wallet. */
  readonly embedded: boolean
}

export const initialWalletState: WalletState = {
  status: 'idle',
  address: null,
  chainId: null,
  wallets: [],
  loaded: false,
  targetId: null,
  errorMessage: null,
  pairingUri: null,
  embedded: false,
}

export const walletStore = createStore<WalletState>(initialWalletState)

export function useWalletState(): WalletState {
  return useStore(walletStore)
}

const local = safeStorage('local')
const RECENT_KEY = 'oxbow.wallet.recent'
const CONNECTOR_ID = /^[A-Za-z0-9._-]{1,100}$/

/** The most recently used connector id (persisted; anything malformed reads as none). */
export function getRecentConnectorId(): string | null {
  const value = local.get(RECENT_KEY)
  return value && CONNECTOR_ID.test(value) ? value : null
}

export function setRecentConnectorId(id: string): void {
  if (CONNECTOR_ID.test(id)) local.set(RECENT_KEY, id)
}

/** Set while a wallet is connected, so a reload knows to load the wallet layer and reconnect. */
const CONNECTED_KEY = 'oxbow.wallet.connected'

export function hadConnection(): boolean {
  return local.get(CONNECTED_KEY) === '1'
}

export function setHadConnection(connected: boolean): void {
  if (connected) local.set(CONNECTED_KEY, '1')
  else local.remove(CONNECTED_KEY)
}
