import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getRuntimeConfig, isKnownNetwork } from '../../config/index.ts'
import {
  type ChartRange,
  fetchSameToken,
  fetchTokenChart,
  fetchTokenDetails,
  type TokenDetails,
} from '../services/tokenData.ts'

/** Stats refresh about every block, so a swap moves the page without a reload. */
export const TOKEN_REFRESH_MS = 2000

export function useTokenDetails(network: string, address: string, enabled: boolean) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return useQuery({
    queryKey: ['explore', 'token', graphqlUrl, network, address.toLowerCase()],
    queryFn: ({ signal }) => fetchTokenDetails(graphqlUrl, network, address, signal),
    enabled,
    refetchInterval: TOKEN_REFRESH_MS,
    retry: 1,
  })
}

export function useTokenChart(network: string, address: string, range: ChartRange, enabled: boolean) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return useQuery({
    queryKey: ['explore', 'tokenChart', graphqlUrl, network, address.toLowerCase(), range],
    queryFn: ({ signal }) => fetchTokenChart(graphqlUrl, network, address, range, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: TOKEN_REFRESH_MS * 5,
    retry: 1,
  })
}

export function useSameToken(token: TokenDetails | null | undefined) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return useQuery({
    queryKey: [
      'explore',
      'sameToken',
      graphqlUrl,
      token?.network,
      token?.address,
      token?.symbol,
      token?.name,
    ],
    queryFn: ({ signal }) => (token ? fetchSameToken(graphqlUrl, token, isKnownNetwork, signal) : []),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: false,
  })
}
