import { useQuery } from '@tanstack/react-query'
import { getRuntimeConfig } from '../../config/index.ts'
import { fetchPoolDetails } from '../services/poolData.ts'
import { TOKEN_REFRESH_MS } from './useTokenDetails.ts'

export function usePoolDetails(network: string, id: string, enabled: boolean) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return useQuery({
    queryKey: ['explore', 'pool', graphqlUrl, network, id.toLowerCase()],
    queryFn: ({ signal }) => fetchPoolDetails(graphqlUrl, network, id, signal),
    enabled,
    refetchInterval: TOKEN_REFRESH_MS,
    retry: 1,
  })
}
