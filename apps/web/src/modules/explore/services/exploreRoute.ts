import { getNetworks } from '../../config/index.ts'

/** Explore's tabs (spec section 2; default tokens) and default network (in testnet mode: the first testnet). */
export const EXPLORE_TABS = ['tokens', 'pools', 'transactions'] as const
export type ExploreTab = (typeof EXPLORE_TABS)[number]
export const EXPLORE_DEFAULT_NETWORK = 'ethereum'
/** The query value of the network selector's "All networks" (the path keeps its network slot free). */
export const ALL_NETWORKS = 'all'

/**
 * What /explore, /explore/:tab, /explore/:chainName and /explore/:tab/:chainName (?networks=all)
 * show: the tab, the network and whether every network is listed. One reading for the page and for
 * the route's loader, which prefetches the same list. Only the listed networks (`shown`: the mainnets,
 * or the testnets in testnet mode) are chosen; another network in the path gives way to the default.
 */
export function exploreRouteState(
  params: { tab?: string | undefined; chainName?: string | undefined },
  search: URLSearchParams,
  shown: readonly string[] = getNetworks().map((network) => network.slug),
): { tab: ExploreTab; chain: string; all: boolean; networks: readonly string[] | null } {
  const first = params.tab ?? ''
  const tab: ExploreTab = EXPLORE_TABS.find((t) => t === first) ?? 'tokens'
  const chainParam = EXPLORE_TABS.some((t) => t === first) ? params.chainName : first || undefined
  const fallback = shown.includes(EXPLORE_DEFAULT_NETWORK) ? EXPLORE_DEFAULT_NETWORK : (shown[0] ?? '')
  const chain = chainParam && shown.includes(chainParam) ? chainParam : fallback
  const all = search.get('networks') === ALL_NETWORKS
  return { tab, chain, all, networks: all ? null : [chain] }
}
