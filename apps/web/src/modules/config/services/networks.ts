import { preferencesStore } from '../../preferences/index.ts'
import { getRuntimeConfig, type RuntimeConfig } from './runtimeConfig.ts'

export type NetworkInfo = RuntimeConfig['networks'][number]

/** Every network of the registry, mainnets and testnets alike (for lookups by slug or chain id). */
export function getAllNetworks(): readonly NetworkInfo[] {
  return getRuntimeConfig().networks
}

/**
 * The networks the app lists and shows data for: the mainnets, or in testnet mode (the account
 * drawer's setting) the registry's testnets, whether or not this environment runs them.
 */
export function getNetworks(testnetMode = preferencesStore.get().testnetMode): readonly NetworkInfo[] {
  return getAllNetworks().filter((network) => network.testnet === testnetMode)
}

export function findNetwork(slug: string | null | undefined): NetworkInfo | undefined {
  return slug ? getAllNetworks().find((network) => network.slug === slug) : undefined
}

export function findNetworkByChainId(chainId: number | null | undefined): NetworkInfo | undefined {
  return getAllNetworks().find((network) => network.chainId === chainId)
}

export function isKnownNetwork(slug: string | null | undefined): boolean {
  return findNetwork(slug) !== undefined
}

/** Display name of a network slug; unknown slugs show as given. */
export function networkName(slug: string): string {
  return findNetwork(slug)?.name ?? slug
}
