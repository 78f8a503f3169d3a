import { setKnownNetworks, UnknownNetworkError } from './errors.ts'
import {
  DEFAULT_LOCAL_PORT_BASE,
  type Environment,
  type Network,
  type NetworkSlug,
  networkSlugs,
  networks,
  type ProtocolVersion,
} from './networks.ts'

export { type BlockExplorer, blockExplorerOf, explorerTransactionUrl } from './explorer.ts'
export {
  DEFAULT_LOCAL_PORT_BASE,
  type Environment,
  LOCAL_CHAIN_ID_BASE,
  type Network,
  type NetworkSlug,
  networkSlugs,
  networks,
  type ProtocolVersion,
  protocolVersions,
} from './networks.ts'

setKnownNetworks(networkSlugs)

const bySlug = new Map<string, Network>(networks.map((n) => [n.slug, n]))
const byChainId = new Map<number, Network>(
  networks.flatMap((n) => [
    [n.local.chainId, n],
    [n.mainnet.chainId, n],
  ]),
)

/** The 14 production networks of the spec. */
export const mainnetNetworks: readonly Network[] = networks.filter((n) => !n.testnet)
/** Networks shown in testnet mode. */
export const testnetNetworks: readonly Network[] = networks.filter((n) => n.testnet)

export function isNetworkSlug(value: string): value is NetworkSlug {
  return bySlug.has(value)
}

/** Looks a network up by its slug; throws {@link UnknownNetworkError} for anything else. */
export function getNetwork(slug: string): Network {
  const network = bySlug.get(slug)
  if (!network) throw new UnknownNetworkError(slug)
  return network
}

/**
 * Whether a network offers a Uniswap protocol version (the registry's `protocolVersions`). Every
 * service asks here, never its deployment: the devnet deploys every version everywhere, yet what
 * the registry lacks (v2 on Unichain Sepolia, v4 on ZKsync) is routed, indexed and offered nowhere.
 * An unknown slug offers nothing.
 */
export function offersProtocolVersion(slug: string, version: ProtocolVersion): boolean {
  return bySlug.get(slug)?.capabilities.protocolVersions.includes(version) ?? false
}

/** Looks a network up by a local or mainnet chain id. */
export function getNetworkByChainId(chainId: number): Network {
  const network = byChainId.get(chainId)
  if (!network) throw new UnknownNetworkError(chainId)
  return network
}

/** The chain id of a network in an environment. */
export function chainIdOf(network: Network, environment: Environment): number {
  return network[environment].chainId
}

/** RPC URL of a local network for a given port base (tests use their own base). */
export function localRpcUrl(network: Network, portBase = DEFAULT_LOCAL_PORT_BASE): string {
  return `http://127.0.0.1:${portBase + network.localIndex}`
}

/**
 * Parses a comma-separated list of slugs (as in OXBOW_NETWORKS). Empty or undefined means every
 * network; an unknown name throws {@link UnknownNetworkError} naming it and the valid choices.
 */
export function parseNetworkList(list: string | undefined): readonly Network[] {
  if (list === undefined || list.trim() === '') return networks
  const seen = new Set<string>()
  const result: Network[] = []
  for (const raw of list.split(',')) {
    const slug = raw.trim().toLowerCase()
    if (slug === '' || seen.has(slug)) continue
    seen.add(slug)
    result.push(getNetwork(slug))
  }
  return result.sort((a, b) => a.localIndex - b.localIndex)
}
