import { createStore, safeStorage, useStore } from '../../../lib/createStore.ts'

/**
 * The passkey embedded wallet as the initial bundle sees it (no WebAuthn or key code here): whether
 * it is unlocked now, and the address of the wallet this browser last unlocked (so the connect view
 * offers "Log in" rather than "Create"). The key and the session live only in the wallet chunk.
 */
export interface EmbeddedWalletState {
  readonly unlocked: boolean
  readonly address: string | null
  /** What connecting with the passkey connector does: make a new wallet or unlock one. */
  readonly intent: 'create' | 'unlock'
}

/** The passkey wallet's wagmi connector id. */
export const PASSKEY_WALLET_ID = 'oxbowPasskey'

const local = safeStorage('local')
/** Also read by components/PasskeyConnect.tsx (without this store). */
const ADDRESS_KEY = 'oxbow.wallet.embeddedAddress'
const storedAddress = () => {
  const value = local.get(ADDRESS_KEY)
  return value && /^0x[0-9a-fA-F]{40}$/.test(value) ? value : null
}

export const embeddedWalletStore = createStore<EmbeddedWalletState>({
  unlocked: false,
  address: storedAddress(),
  intent: 'unlock',
})

export function useEmbeddedWallet(): EmbeddedWalletState {
  return useStore(embeddedWalletStore)
}

export function setEmbeddedAddress(address: string | null): void {
  if (address) local.set(ADDRESS_KEY, address)
  else local.remove(ADDRESS_KEY)
  embeddedWalletStore.set((state) => ({ ...state, address }))
}

export function setEmbeddedIntent(intent: 'create' | 'unlock'): void {
  embeddedWalletStore.set((state) => ({ ...state, intent }))
}
