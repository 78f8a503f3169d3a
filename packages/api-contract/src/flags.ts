/**
 * Every feature flag, the one list the API serves (`GET /v1/flags`, with a deployment's
 * OXBOW_FLAGS over these defaults) and the web app reads (these defaults when the API has no
 * value). Unknown names from the API or the URL are ignored, so a typo can never switch on
 * something that does not exist.
 */
export const flagRegistry = {
  embeddedWallet: { default: false, description: 'Passkey-based embedded wallet and /manage/passkey' },
  mismatchUx: { default: false, description: 'Smart-wallet delegation mismatch UX' },
  forcePermits: { default: false, description: 'Always sign Permit2 permits' },
  batchedSwaps: { default: false, description: 'EIP-5792 batched approve + swap' },
  solana: { default: false, description: 'Solana wallets and balances' },
  disableWalletCapabilitiesCheck: { default: false, description: 'Skip wallet_getCapabilities' },
  extensionDeeplinks: { default: false, description: 'Deep links into the browser extension' },
  poolSearch: { default: true, description: 'Pools tab in the search modal' },
  nftRoutes: { default: true, description: 'NFT pages (also off when disableNFTs=true)' },
  limits: { default: true, description: 'Limit orders (/limit)' },
  migrate: { default: true, description: 'v2 and v3 migration pages' },
  passkeyExtensionLogin: { default: true, description: 'Passkey login popup for the extension' },
} as const satisfies Record<string, { default: boolean; description: string }>

export type FlagName = keyof typeof flagRegistry
export type FlagValues = Readonly<Record<FlagName, boolean>>

export const flagNames = Object.keys(flagRegistry) as FlagName[]

export function isFlagName(name: string): name is FlagName {
  return Object.hasOwn(flagRegistry, name)
}

export function defaultFlagValues(): FlagValues {
  return Object.fromEntries(flagNames.map((name) => [name, flagRegistry[name].default])) as FlagValues
}
