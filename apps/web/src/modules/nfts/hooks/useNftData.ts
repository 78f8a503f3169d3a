import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { listScope } from '../../../lib/indexedNetworks.ts'
import { getNetworks, getRuntimeConfig, isKnownNetwork } from '../../config/index.ts'
import { preferencesStore } from '../../preferences/index.ts'
import { fetchCollection, fetchCollections, fetchNftPage, type NftPage } from '../services/nftData.ts'

/** Collections on /nfts (the indexer's order: most transfers first). */
export const COLLECTIONS_FIRST = 50
/** Items per page of a collection's grid. */
export const NFTS_PAGE_SIZE = 24

/** The listing's collections on one network, or every listed network when `network` is null. */
export function useNftCollections(network: string | null, enabled = true) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return useQuery({
    // "All networks": those of the current mode (mainnets or testnets) that the indexer serves.
    queryKey: ['nfts', 'collections', graphqlUrl, network ?? ['all', preferencesStore.get().testnetMode]],
    queryFn: async ({ signal }) =>
      fetchCollections(
        graphqlUrl,
        await listScope(
          graphqlUrl,
          network ? [network] : null,
          getNetworks().map((n) => n.slug),
        ),
        COLLECTIONS_FIRST,
        isKnownNetwork,
        signal,
      ),
    enabled,
    staleTime: 30_000,
    retry: 1,
  })
}

export function useNftCollection(network: string, collection: string, enabled: boolean) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return useQuery({
    queryKey: ['nfts', 'collection', graphqlUrl, network, collection.toLowerCase()],
    queryFn: ({ signal }) => fetchCollection(graphqlUrl, network, collection, signal),
    enabled,
    staleTime: 30_000,
    retry: 1,
  })
}

/** A collection's items by token id, a page at a time (the indexer's cursors). */
export function useCollectionNfts(network: string, collection: string, enabled: boolean) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return useInfiniteQuery({
    queryKey: ['nfts', 'items', graphqlUrl, network, collection.toLowerCase()],
    queryFn: ({ pageParam, signal }) =>
      fetchNftPage({ graphqlUrl, network, collection, first: NFTS_PAGE_SIZE, after: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: NftPage) => (last.hasNextPage ? last.endCursor : undefined),
    enabled,
    staleTime: 30_000,
    retry: 1,
  })
}
