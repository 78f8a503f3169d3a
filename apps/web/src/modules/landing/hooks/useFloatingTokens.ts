import { queryOptions, useQuery } from '@tanstack/react-query'
import { getRuntimeConfig, isKnownNetwork } from '../../config/index.ts'
import { type FloatingToken, fetchFloatingTokens } from '../services/floatingTokens.ts'

/** How many tokens are asked for; the placement keeps those that fit. */
export const FLOATING_TOKENS_FIRST = 20

/** Query layer: key, cache policy, no retry (the logos are decoration: nothing shows when it fails). */
export function floatingTokensQuery(graphqlUrl: string) {
  return queryOptions({
    queryKey: ['landing', 'floatingTokens', graphqlUrl],
    queryFn: ({ signal }) =>
      fetchFloatingTokens({ graphqlUrl, first: FLOATING_TOKENS_FIRST, isNetwork: isKnownNetwork, signal }),
    staleTime: 5 * 60 * 1000,
    retry: false,
  })
}

/** The landing's floating tokens; an empty list while loading, when disabled or when the indexer is down. */
export function useFloatingTokens(enabled: boolean): readonly FloatingToken[] {
  const query = useQuery({ ...floatingTokensQuery(getRuntimeConfig().graphqlUrl), enabled })
  return query.data ?? []
}
