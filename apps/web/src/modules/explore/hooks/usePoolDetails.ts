import { queryOptions, useQuery } from '@tanstack/react-query'
import { type ChartRange, fetchPoolChart } from '../../../lib/tokenChart.ts'
import { getRuntimeConfig } from '../../config/index.ts'
import { fetchPoolDetails } from '../services/poolData.ts'
import { chartQueryPolicy, TOKEN_REFRESH_MS } from './useTokenDetails.ts'

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

/** A pool's price candles (token1 per token0) for one range: the pool page's chart. */
export function poolChartOptions(network: string, id: string, range: ChartRange) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return queryOptions({
    queryKey: ['explore', 'poolChart', graphqlUrl, network, id.toLowerCase(), range],
    queryFn: ({ signal }) => fetchPoolChart(graphqlUrl, network, id, range, signal),
    ...chartQueryPolicy,
  })
}

export function usePoolChart(network: string, id: string, range: ChartRange, enabled: boolean) {
  return useQuery({ ...poolChartOptions(network, id, range), enabled })
}
