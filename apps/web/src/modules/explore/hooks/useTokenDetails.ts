import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
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

/** The token page's stats: the query the page reads and its loader and links prefetch. */
export function tokenDetailsOptions(network: string, address: string) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return queryOptions({
    queryKey: ['explore', 'token', graphqlUrl, network, address.toLowerCase()],
    queryFn: ({ signal }) => fetchTokenDetails(graphqlUrl, network, address, signal),
    refetchInterval: TOKEN_REFRESH_MS,
    // A prefetched answer is not asked for again as the page mounts.
    staleTime: TOKEN_REFRESH_MS,
    retry: 1,
  })
}

/** A token's candles for one range (the token and pool pages' chart). */
export function tokenChartOptions(network: string, address: string, range: ChartRange) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return queryOptions({
    queryKey: ['explore', 'tokenChart', graphqlUrl, network, address.toLowerCase(), range],
    queryFn: ({ signal }) => fetchTokenChart(graphqlUrl, network, address, range, signal),
    placeholderData: keepPreviousData,
    refetchInterval: TOKEN_REFRESH_MS * 5,
    staleTime: TOKEN_REFRESH_MS * 5,
    retry: 1,
  })
}

export function useTokenDetails(network: string, address: string, enabled: boolean) {
  return useQuery({ ...tokenDetailsOptions(network, address), enabled })
}

export function useTokenChart(network: string, address: string, range: ChartRange, enabled: boolean) {
  return useQuery({ ...tokenChartOptions(network, address, range), enabled })
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
