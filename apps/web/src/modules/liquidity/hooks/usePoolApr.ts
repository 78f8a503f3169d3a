import { useQuery } from '@tanstack/react-query'
import { getRuntimeConfig } from '../../config/index.ts'
import { fetchPoolApr } from '../services/poolAprQuery.ts'

/** A position's pool APR, base and LP rewards, from the indexer (fresh 60 s). */
export function usePoolApr(network: string, poolId: string) {
  const url = getRuntimeConfig().graphqlUrl
  return useQuery({
    queryKey: ['liquidity', 'poolApr', url, network, poolId.toLowerCase()],
    queryFn: ({ signal }) => fetchPoolApr(url, network, poolId, signal),
    staleTime: 60_000,
  })
}
