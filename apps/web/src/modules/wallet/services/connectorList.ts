/** A connectable wallet as the connect view lists it (built from wagmi connectors, plus lazy SDK entries). */
export interface WalletEntry {
  /** wagmi connector id (EIP-6963 entries use their rdns), or the SDK entry id. */
  readonly id: string
  readonly name: string
  readonly kind: 'injected' | 'local' | 'mock' | 'embedded' | 'walletConnect' | 'coinbaseWallet'
  /** Icon data URL announced by an EIP-6963 wallet (rendered only when it is a data:image URL). */
  readonly icon?: string | undefined
  /** Chain families the entry serves (an EVM extension and a Solana wallet may merge into one). */
  readonly platforms?: readonly ('evm' | 'solana')[] | undefined
  /** True for connectors the app defines itself with a custom id (never merged). */
  readonly customId?: boolean | undefined
}

/** The exchange's card-wallet and the product's own extension, by EIP-6963 rdns. */
export const EXCHANGE_CARD_WALLET_RDNS = 'com.coinbase.wallet'
export const OWN_EXTENSION_RDNS = 'exchange.oxbow.extension'

export interface ListRules {
  readonly testMode: boolean
  readonly environment: 'local' | 'mainnet'
  readonly embeddedWallet: boolean
  readonly recentId: string | null
  /** Narrow touch device: the spec's mobile rules apply. */
  readonly mobile?: boolean | undefined
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
    // The passkey wallet has its own place at the top of the connect view.
    if (entry.kind === 'embedded') return false
    if (entry.kind === 'local') return rules.environment === 'local'
    if (entry.kind === 'injected') {
      if (entry.id === EXCHANGE_CARD_WALLET_RDNS) return false
      if (entry.id === OWN_EXTENSION_RDNS) return rules.embeddedWallet
    }
    return true
  })
  if (rules.mobile && !rules.testMode) {
    // Mobile: a detected exchange card-wallet is shown alone; so is a single injected wallet.
    const card = entries.find((entry) => entry.kind === 'injected' && entry.id === EXCHANGE_CARD_WALLET_RDNS)
    if (card) return [card]
    const injected = shown.filter((entry) => entry.kind === 'injected')
    if (injected.length === 1) return injected
  }
  const recent = shown.findIndex((entry) => entry.id === rules.recentId)
  if (recent > 0) shown.unshift(...shown.splice(recent, 1))
  return shown
}

/** How many wallets the main connect view shows before "Other wallets". */
export const PRIMARY_WALLET_COUNT = 4

/** Lowercased, trailing " wallet" removed: the name two platforms' entries are compared by. */
export function normalizedWalletName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+wallet$/, '')
}

/**
 * A browser-extension (EVM) wallet and a Solana wallet merge into one entry only when their
 * normalized names match, their platforms differ and neither is a custom connector.
 */
export function mergeWalletPlatforms(entries: readonly WalletEntry[]): WalletEntry[] {
  const merged: WalletEntry[] = []
  for (const entry of entries) {
    const platform = entry.platforms?.[0] ?? 'evm'
    const twin = merged.findIndex((other) => {
      const otherPlatforms = other.platforms ?? ['evm']
      return (
        !entry.customId &&
        !other.customId &&
        !otherPlatforms.includes(platform) &&
        normalizedWalletName(other.name) === normalizedWalletName(entry.name)
      )
    })
    const existing = merged[twin]
    if (existing) {
      merged[twin] = { ...existing, platforms: [...(existing.platforms ?? ['evm']), platform] }
    } else {
      merged.push(entry)
    }
  }
  return merged
}
