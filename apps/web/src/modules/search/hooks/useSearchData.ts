import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { servedNetworks } from '../../../lib/indexedNetworks.ts'
import { getNetworks, getRuntimeConfig, isKnownNetwork } from '../../config/index.ts'
import { usePreferences } from '../../preferences/index.ts'
import {
  fetchPopularNftCollections,
  fetchSearchResults,
  fetchTrending,
  type SearchRequest,
} from '../services/searchData.ts'
import { isContractAddress } from '../services/walletAddress.ts'

/** Results per section asked of the indexer. */
export const SEARCH_RESULTS_FIRST = 5
/** Typing settles this long before a query goes out. */
const DEBOUNCE_MS = 200
/** The indexer's limit on a query's length. */
const MAX_QUERY_LENGTH = 100

/**
 * The networks searched: the chosen one, or all networks listed in the current mode (the mainnets,
 * or the testnets in testnet mode) that the indexer serves; none when it serves none of them.
 */
async function searchScope(graphqlUrl: string, network: string): Promise<readonly string[]> {
  if (network) return [network]
  return servedNetworks(
    graphqlUrl,
    getNetworks().map((n) => n.slug),
  )
}

/**
 * A query function that asks `fetch` for the networks searched, or answers `empty` without asking
 * when the indexer serves none of them.
 */
const inScope =
  <T>(graphqlUrl: string, network: string, empty: T, fetch: (request: SearchRequest) => Promise<T>) =>
  async ({ signal }: { signal: AbortSignal }): Promise<T> => {
    const networks = await searchScope(graphqlUrl, network)
    if (networks.length === 0) return empty
    return fetch({ graphqlUrl, networks, first: SEARCH_RESULTS_FIRST, isNetwork: isKnownNetwork, signal })
  }

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [value])
  return settled
}

/**
 * The search modal's queries fail at once, offline included, so the section shows the spec's data
 * message with Try again (TanStack Query's default pauses an offline query: a spinner that never
 * ends) and no retries hold the message back.
 */
const FAIL_FAST = { retry: false, networkMode: 'always' } as const

/** Tokens, pools and NFT collections matching the typed query (network filter: a slug or ''). */
export function useSearchResults(query: string, network: string) {
  const settled = useDebounced(query.trim().slice(0, MAX_QUERY_LENGTH))
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  const { testnetMode } = usePreferences()
  return useQuery({
    queryKey: ['search', 'results', graphqlUrl, settled, network, testnetMode],
    queryFn: inScope(graphqlUrl, network, { tokens: [], pools: [], nftCollections: [] }, (request) =>
      fetchSearchResults({ ...request, query: settled }),
    ),
    enabled: settled.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    ...FAIL_FAST,
  })
}

/** The most traded NFT collections, shown before anything is typed (only when NFTs are on). */
export function usePopularNftCollections(enabled: boolean, network: string) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  const { testnetMode } = usePreferences()
  return useQuery({
    queryKey: ['search', 'popularNfts', graphqlUrl, network, testnetMode],
    queryFn: inScope(graphqlUrl, network, [], fetchPopularNftCollections),
    enabled,
    staleTime: 5 * 60_000,
    ...FAIL_FAST,
  })
}

/** Trending tokens and pools by 1-day volume, shown before anything is typed. */
export function useTrending(enabled: boolean, network: string) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  const { testnetMode } = usePreferences()
  return useQuery({
    queryKey: ['search', 'trending', graphqlUrl, network, testnetMode],
    queryFn: inScope(graphqlUrl, network, { tokens: [], pools: [] }, fetchTrending),
    enabled,
    staleTime: 60_000,
    ...FAIL_FAST,
  })
}

/**
 * Whether `address` (null: not asked) is a smart contract on a searched network (the chosen one, or
 * those of the current mode the indexer serves), read from this environment's nodes; null when
 * none could answer. The spec offers a raw address as a wallet only when it is not a contract.
 */
export function useIsContract(address: string | null, network: string) {
  const config = getRuntimeConfig()
  const { testnetMode } = usePreferences()
  return useQuery({
    queryKey: [
      'search',
      'isContract',
      config.graphqlUrl,
      address?.toLowerCase() ?? null,
      network,
      testnetMode,
    ],
    queryFn: async ({ signal }) => {
      const scope = await searchScope(config.graphqlUrl, network)
      const rpcUrls = scope.flatMap((slug) => config.rpcUrls[slug] ?? [])
      return isContractAddress(rpcUrls, address ?? '', signal)
    },
    enabled: address !== null,
    staleTime: 5 * 60_000,
    ...FAIL_FAST,
  })
}
