import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'
import { listScope } from '../../../lib/indexedNetworks.ts'
import { getNetworks, getRuntimeConfig, isKnownNetwork } from '../../config/index.ts'
import { preferencesStore } from '../../preferences/index.ts'
import {
  type Direction,
  fetchChainHead,
  fetchIndexedBlocks,
  fetchPoolsPage,
  fetchTokensPage,
  fetchTransactionsPage,
  type ListRequest,
  OUTDATED_AFTER_BLOCKS,
  type Page,
  type PoolSort,
  type TokenSort,
  TRANSACTIONS_DEFAULT_ORDER,
  type TransactionSort,
} from '../services/exploreData.ts'

/**
 * "All networks" (null) is the networks listed in the current mode that the indexer serves: its key
 * carries the mode, so turning testnet mode on or off asks again, never showing the other mode's data.
 */
const scopeKey = (networks: readonly string[] | null) =>
  networks ?? ['all', preferencesStore.get().testnetMode]
/** Runs `ask` on the networks: at once when given, else once the indexer said which it serves. */
const inScope = <T>(
  graphqlUrl: string,
  networks: readonly string[] | null,
  ask: (networks: readonly string[]) => Promise<T>,
): Promise<T> =>
  networks
    ? ask(networks)
    : listScope(
        graphqlUrl,
        null,
        getNetworks().map((network) => network.slug),
      ).then(ask)

/** How often the transactions list asks for new rows (about one devnet block). */
export const TRANSACTIONS_REFRESH_MS = 2000

const pageParams = {
  initialPageParam: null as string | null,
  getNextPageParam: <T>(last: Page<T>) => (last.hasNextPage ? last.endCursor : undefined),
  placeholderData: keepPreviousData,
  retry: 1,
} as const

/**
 * A sorted, filtered explore list (tokens or pools), a page at a time by the indexer's cursors: the
 * query the tables read and the route loaders and links prefetch (./prefetch.ts), one key for both.
 */
function sortedListOptions<T, S extends string>(
  list: 'tokens' | 'pools',
  fetchPage: (
    request: ListRequest & { orderBy: S; direction: Direction; filter: string },
  ) => Promise<Page<T>>,
  networks: readonly string[] | null,
  orderBy: S,
  direction: Direction,
  filter: string,
) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return infiniteQueryOptions({
    queryKey: ['explore', list, graphqlUrl, scopeKey(networks), orderBy, direction, filter],
    queryFn: ({ pageParam, signal }) =>
      inScope(graphqlUrl, networks, (scope) =>
        fetchPage({
          graphqlUrl,
          networks: scope,
          after: pageParam,
          isNetwork: isKnownNetwork,
          signal,
          orderBy,
          direction,
          filter,
        }),
      ),
    staleTime: 15_000,
    ...pageParams,
  })
}

export const exploreTokensOptions = (
  networks: readonly string[] | null,
  orderBy: TokenSort,
  direction: Direction,
  filter: string,
) => sortedListOptions('tokens', fetchTokensPage, networks, orderBy, direction, filter)

export const explorePoolsOptions = (
  networks: readonly string[] | null,
  orderBy: PoolSort,
  direction: Direction,
  filter: string,
) => sortedListOptions('pools', fetchPoolsPage, networks, orderBy, direction, filter)

export const useExploreTokens = (
  networks: readonly string[] | null,
  orderBy: TokenSort,
  direction: Direction,
  filter: string,
) => useInfiniteQuery(exploreTokensOptions(networks, orderBy, direction, filter))

export const useExplorePools = (
  networks: readonly string[] | null,
  orderBy: PoolSort,
  direction: Direction,
  filter: string,
) => useInfiniteQuery(explorePoolsOptions(networks, orderBy, direction, filter))

/** A transactions list's order (the Time and Value columns). */
export interface TransactionsOrder {
  readonly orderBy: TransactionSort
  readonly direction: Direction
}

/**
 * Pool transactions in `order` (newest first by default), a page at a time by the indexer's cursors
 * of that order; `token`/`pool` and `filter` (the filter box's text) narrow them on the indexer.
 * Newest first, the list asks again as blocks are indexed (new rows come on top); in another order
 * it stays put while it is paged.
 */
export function exploreTransactionsOptions(
  networks: readonly string[] | null,
  narrow: { token?: string; pool?: string } = {},
  order: TransactionsOrder = TRANSACTIONS_DEFAULT_ORDER,
  filter = '',
) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  const live =
    order.orderBy === TRANSACTIONS_DEFAULT_ORDER.orderBy &&
    order.direction === TRANSACTIONS_DEFAULT_ORDER.direction
  return infiniteQueryOptions({
    queryKey: [
      'explore',
      'transactions',
      graphqlUrl,
      scopeKey(networks),
      narrow.token ?? null,
      narrow.pool ?? null,
      order.orderBy,
      order.direction,
      filter,
    ],
    queryFn: ({ pageParam, signal }) =>
      inScope(graphqlUrl, networks, (scope) =>
        fetchTransactionsPage({
          graphqlUrl,
          networks: scope,
          after: pageParam,
          isNetwork: isKnownNetwork,
          signal,
          orderBy: order.orderBy,
          direction: order.direction,
          filter,
          ...narrow,
        }),
      ),
    refetchInterval: live ? TRANSACTIONS_REFRESH_MS : false,
    // A prefetched first page is not asked for again as the table mounts.
    staleTime: live ? TRANSACTIONS_REFRESH_MS : 15_000,
    ...pageParams,
  })
}

export const useExploreTransactions = (
  networks: readonly string[] | null,
  narrow: { token?: string; pool?: string } = {},
  order: TransactionsOrder = TRANSACTIONS_DEFAULT_ORDER,
  filter = '',
) => useInfiniteQuery(exploreTransactionsOptions(networks, narrow, order, filter))

/**
 * Whether the indexer trails any shown network's head by more than OUTDATED_AFTER_BLOCKS (the spec's
 * "Data may be outdated"). Networks without an RPC URL in this environment are not checked.
 */
export function useDataOutdated(networks: readonly string[]): boolean {
  const config = getRuntimeConfig()
  const checked = networks.filter((slug) => config.rpcUrls[slug] !== undefined)
  const query = useQuery({
    queryKey: ['explore', 'freshness', config.graphqlUrl, checked],
    queryFn: async ({ signal }) => {
      // The indexer first: when it is down the tables already say so, and the nodes are not asked.
      const indexed = await fetchIndexedBlocks(config.graphqlUrl, signal)
      const heads = await Promise.all(
        checked.map(
          async (slug) => [slug, await fetchChainHead(config.rpcUrls[slug] ?? '', signal)] as const,
        ),
      )
      return heads.some(([slug, head]) => {
        const at = indexed.get(slug)
        return at === undefined || head - at > OUTDATED_AFTER_BLOCKS
      })
    },
    enabled: checked.length > 0,
    refetchInterval: 15_000,
    retry: false,
  })
  return query.data === true
}

/** Every row of the pages loaded so far. */
export function rowsOf<T>(data: InfiniteData<Page<T>> | undefined): T[] {
  return data?.pages.flatMap((page) => page.rows) ?? []
}
