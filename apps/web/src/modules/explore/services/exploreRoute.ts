import { ALL_NETWORKS, type ExploreTab, exploreTabAndNetwork } from '../../../lib/exploreTabs.ts'
import { getNetworks } from '../../config/index.ts'

/** Explore's default network (in testnet mode: the first testnet). */
export const EXPLORE_DEFAULT_NETWORK = 'ethereum'

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
  const { tab, network: chainParam } = exploreTabAndNetwork(params.tab || undefined, params.chainName)
  const fallback = shown.includes(EXPLORE_DEFAULT_NETWORK) ? EXPLORE_DEFAULT_NETWORK : (shown[0] ?? '')
  const chain = chainParam && shown.includes(chainParam) ? chainParam : fallback
  const all = search.get('networks') === ALL_NETWORKS
  return { tab, chain, all, networks: all ? null : [chain] }
}
