import type { RecentSearch } from '../state/recentSearches.ts'
import type { searchMessages } from './searchMessages.ts'

export type Tab = 'all' | 'tokens' | 'pools' | 'wallets' | 'nfts'
export type Section = keyof Pick<
  typeof searchMessages,
  | 'RecentSearches'
  | 'TrendingTokens'
  | 'TrendingPools'
  | 'PopularNFTCollections'
  | 'FavoriteWallets'
  | 'Tokens'
  | 'Pools'
  | 'Wallets'
  | 'NFTCollections'
>

/** Which result sections a tab shows, before (empty query) and after typing. */
export function sectionsFor(tab: Tab, typed: boolean, nfts: boolean): Section[] {
  const idle: Record<Tab, Section[]> = {
    all: [
      'RecentSearches',
      'FavoriteWallets',
      'TrendingTokens',
      'TrendingPools',
      ...(nfts ? (['PopularNFTCollections'] as const) : []),
    ],
    tokens: ['RecentSearches', 'TrendingTokens'],
    pools: ['TrendingPools'],
    wallets: ['FavoriteWallets'],
    nfts: ['PopularNFTCollections'],
  }
  const results: Record<Tab, Section[]> = {
    all: ['Tokens', 'Pools', 'Wallets', ...(nfts ? (['NFTCollections'] as const) : [])],
    tokens: ['Tokens'],
    pools: ['Pools'],
    wallets: ['Wallets'],
    nfts: ['NFTCollections'],
  }
  return typed ? results[tab] : idle[tab]
}

export const tokenPath = (t: { network: string; address: string }) =>
  `/explore/tokens/${t.network}/${t.address}`
export const poolPath = (p: { network: string; id: string }) => `/explore/pools/${p.network}/${p.id}`
export const collectionPath = (c: { network: string; address: string }) =>
  `/nfts/collection/${c.address}?chain=${c.network}`
export const recentPath = (r: RecentSearch) =>
  r.kind === 'token'
    ? tokenPath({ network: r.network, address: r.id })
    : r.kind === 'pool'
      ? poolPath(r)
      : collectionPath({ network: r.network, address: r.id })
