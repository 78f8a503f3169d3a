import type { WalletIntent } from '../state/walletIntent.ts'
import { hadConnection, walletStore } from '../state/walletStore.ts'
import { loadWalletRuntime } from './loadWalletRuntime.ts'

/**
 * Acts on the wallet URL parameters (the spec's intro, eagerlyConnect and eagerlyConnectAddress),
 * on the first load and on every client-side navigation that carries them:
 * - `intro=true`: a connected (or remembered) wallet is disconnected; it wins over eagerlyConnect.
 * - `eagerlyConnect=true`: connects without asking, as `eagerlyConnectAddress` when one is given.
 * - neither (`restore`, the first load only): a remembered connection is restored.
 * The wallet layer (wagmi) is loaded only when one of these has something to do.
 */
export async function followWalletIntent(
  intent: Pick<WalletIntent, 'disconnectRequested' | 'eagerlyConnect' | 'eagerlyConnectAddress'>,
  options: { restore: boolean },
): Promise<void> {
  const status = walletStore.get().status
  const live = status === 'connected' || status === 'reconnecting' || hadConnection()
  try {
    if (intent.disconnectRequested) {
      if (live) await (await loadWalletRuntime()).disconnectWallet()
      return
    }
    if (intent.eagerlyConnect) {
      await (await loadWalletRuntime()).eagerlyConnect(intent.eagerlyConnectAddress)
      return
    }
    if (options.restore && hadConnection()) await (await loadWalletRuntime()).reconnectWallet()
  } catch {
    walletStore.set((state) => (state.status === 'reconnecting' ? { ...state, status: 'idle' } : state))
  }
}
