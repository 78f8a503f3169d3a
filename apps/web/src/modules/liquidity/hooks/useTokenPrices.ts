import { useQuery } from '@tanstack/react-query'
import { getRuntimeConfig } from '../../config/index.ts'
import { fetchTokenPrices } from '../services/positionsQuery.ts'

/** USD prices from the indexer for the given tokens, keyed `network:lowercase address`. */
export function useTokenPrices(tokens: readonly { network: string; address: string }[]) {
  const url = getRuntimeConfig().graphqlUrl
  const key = tokens.map((t) => `${t.network}:${t.address.toLowerCase()}`).sort()
  return useQuery({
    queryKey: ['liquidity', 'token-prices', url, key],
    queryFn: ({ signal }) => fetchTokenPrices(url, tokens, signal),
    enabled: tokens.length > 0,
    staleTime: 30_000,
  })
}
