import { queryOptions, useQuery } from '@tanstack/react-query'
import { getRuntimeConfig } from '../../config/index.ts'
import { fetchPoolDetails } from '../services/poolData.ts'
import { TOKEN_REFRESH_MS } from './useTokenDetails.ts'

/** The pool page's data: the query the page reads and its loader prefetches. */
export function poolDetailsOptions(network: string, id: string) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return queryOptions({
    queryKey: ['explore', 'pool', graphqlUrl, network, id.toLowerCase()],
    queryFn: ({ signal }) => fetchPoolDetails(graphqlUrl, network, id, signal),
    refetchInterval: TOKEN_REFRESH_MS,
    staleTime: TOKEN_REFRESH_MS,
    retry: 1,
  })
}

export function usePoolDetails(network: string, id: string, enabled: boolean) {
  return useQuery({ ...poolDetailsOptions(network, id), enabled })
}
