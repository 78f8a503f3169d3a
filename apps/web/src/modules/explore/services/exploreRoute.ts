/** Explore's tabs (spec section 2; default tokens) and default network. */
export const EXPLORE_TABS = ['tokens', 'pools', 'transactions'] as const
export type ExploreTab = (typeof EXPLORE_TABS)[number]
export const EXPLORE_DEFAULT_NETWORK = 'ethereum'
