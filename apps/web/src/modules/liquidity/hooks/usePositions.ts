import { queryOptions, useQuery } from '@tanstack/react-query'
import { getRuntimeConfig } from '../../config/index.ts'
import { fetchPositions } from '../services/positionsQuery.ts'

export function positionsQuery(graphqlUrl: string, owner: string | null) {
  return queryOptions({
    queryKey: ['liquidity', 'positions', graphqlUrl, owner?.toLowerCase() ?? null],
    queryFn: ({ signal }) => fetchPositions(graphqlUrl, owner ?? '', signal),
    enabled: owner !== null,
    staleTime: 15_000,
  })
}

/** The connected account's positions from the indexer (disabled while no account is connected). */
export function usePositions(owner: string | null) {
  return useQuery(positionsQuery(getRuntimeConfig().graphqlUrl, owner))
}
