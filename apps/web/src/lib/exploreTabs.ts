/**
 * Explore's tabs (spec section 2; default tokens) and how a path names them: the one home of the
 * list the explore page, its routes' loaders, the header's Explore menu and the page titles read.
 * Here, not in the explore module, so the app frame, header and SEO read it without loading
 * explore's chunk.
 */
export const EXPLORE_TABS = ['tokens', 'pools', 'transactions'] as const
export type ExploreTab = (typeof EXPLORE_TABS)[number]
/** The query value of the network selector's "All networks" (the path keeps its network slot free). */
export const ALL_NETWORKS = 'all'

export function isExploreTab(segment: string | undefined): segment is ExploreTab {
  return EXPLORE_TABS.some((tab) => tab === segment)
}

/**
 * /explore/:first/:second: a tab then a network (/explore/pools/base), or a network alone
 * (/explore/base, the default tab).
 */
export function exploreTabAndNetwork(
  first: string | undefined,
  second: string | undefined,
): { tab: ExploreTab; network: string | undefined } {
  return isExploreTab(first) ? { tab: first, network: second } : { tab: 'tokens', network: first }
}
