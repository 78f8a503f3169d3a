/** A connectable wallet as the connect view lists it (built from wagmi connectors, plus lazy SDK entries). */
export interface WalletEntry {
  /** wagmi connector id (EIP-6963 entries use their rdns), or the SDK entry id. */
  readonly id: string
  readonly name: string
  readonly kind: 'injected' | 'local' | 'mock' | 'walletConnect' | 'coinbaseWallet'
  /** Icon data URL announced by an EIP-6963 wallet (rendered only when it is a data:image URL). */
  readonly icon?: string | undefined
}

/** The exchange's card-wallet and the product's own extension, by EIP-6963 rdns. */
export const EXCHANGE_CARD_WALLET_RDNS = 'com.coinbase.wallet'
export const OWN_EXTENSION_RDNS = 'exchange.oxbow.extension'

export interface ListRules {
  readonly testMode: boolean
  readonly environment: 'local' | 'mainnet'
  readonly embeddedWallet: boolean
  readonly recentId: string | null
}

/**
 * The spec's connector rules: in test mode only the mock connector; the local test wallet only in
 * the local environment; injected wallets exclude the exchange card-wallet and the product's own
 * extension (unless the embedded wallet is on); the most recently used connector sorts first.
 */
export function visibleWallets(entries: readonly WalletEntry[], rules: ListRules): WalletEntry[] {
  if (rules.testMode) return entries.filter((entry) => entry.kind === 'mock')
  const shown = entries.filter((entry) => {
    if (entry.kind === 'mock') return false
    if (entry.kind === 'local') return rules.environment === 'local'
    if (entry.kind === 'injected') {
      if (entry.id === EXCHANGE_CARD_WALLET_RDNS) return false
      if (entry.id === OWN_EXTENSION_RDNS) return rules.embeddedWallet
    }
    return true
  })
  const recent = shown.findIndex((entry) => entry.id === rules.recentId)
  if (recent > 0) shown.unshift(...shown.splice(recent, 1))
  return shown
}

/** How many wallets the main connect view shows before "Other wallets". */
export const PRIMARY_WALLET_COUNT = 4
