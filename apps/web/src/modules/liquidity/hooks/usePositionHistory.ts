import { useQuery } from '@tanstack/react-query'
import { getRuntimeConfig } from '../../config/index.ts'
import { fetchPositionHistory, IndexerBehindError } from '../services/positionsQuery.ts'

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
