import { useQuery } from '@tanstack/react-query'
import { getRuntimeConfig } from '../../config/index.ts'
import {
  fetchPositionHistory,
  fetchV2PositionHistory,
  IndexerBehindError,
} from '../services/positionsQuery.ts'

/**
 * The position's deposits, withdrawals and collections from the indexer. Keyed by the chain block the
 * page shows, so it is read again whenever the position is (after a collect, add or remove).
 */
export function usePositionHistory(network: string, version: 'v3' | 'v4', tokenId: bigint, block: bigint) {
  const url = getRuntimeConfig().graphqlUrl
  return useQuery({
    queryKey: ['liquidity', 'position-history', url, network, version, tokenId.toString(), block.toString()],
    queryFn: ({ signal }) => fetchPositionHistory(url, network, version, tokenId, block, signal),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
    // The indexer follows the chain within a block or two: wait for it rather than show a sum of two
    // different moments (a collect the chain has done but the history lacks).
    retry: (count, error) => count < (error instanceof IndexerBehindError ? 40 : 2),
    retryDelay: (count, error) => (error instanceof IndexerBehindError ? 500 : 1000 * 2 ** count),
  })
}

/** The owner's v2 LP history in a pair from the indexer, keyed by the chain block the page shows. */
export function useV2PositionHistory(network: string, pair: string, owner: string, block: bigint) {
  const url = getRuntimeConfig().graphqlUrl
  return useQuery({
    queryKey: ['liquidity', 'v2-position-history', url, network, pair.toLowerCase(), owner, block.toString()],
    queryFn: ({ signal }) => fetchV2PositionHistory(url, network, pair, owner, block, signal),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
    retry: (count, error) => count < (error instanceof IndexerBehindError ? 40 : 2),
    retryDelay: (count, error) => (error instanceof IndexerBehindError ? 500 : 1000 * 2 ** count),
  })
}
