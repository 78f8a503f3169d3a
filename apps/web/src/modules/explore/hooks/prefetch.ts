import { isEvmAddress } from '@oxbow/core'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { isKnownNetwork } from '../../config/index.ts'
import { loadPriceChart } from '../components/loadPriceChart.ts'
import { POOLS_DEFAULT_SORT, TOKENS_DEFAULT_SORT } from '../services/exploreData.ts'
import { exploreRouteState } from '../services/exploreRoute.ts'
import { isPoolIdentifier } from '../services/poolData.ts'
import { POOL_CHART_DEFAULT_RANGE } from '../services/tokenData.ts'
import { explorePoolsOptions, exploreTokensOptions, exploreTransactionsOptions } from './useExploreData.ts'
import { poolChartOptions, poolDetailsOptions } from './usePoolDetails.ts'
import { tokenDetailsOptions } from './useTokenDetails.ts'

/**
 * Start a screen's data (and the chart's code) before its page renders: the route loaders call these
 * while the page's chunk loads, and links call them on intent (hover, focus, touch). Each fills the
 * very query the page then reads, so the page renders with its data or joins the request in flight;
 * an answer already cached and fresh is not asked for again. Failures are left to the page's own
 * query (it retries and shows the spec's message).
 */

/** /explore, /explore/:tab, /explore/:tab/:chainName: the tab's first page in its default order. */
export function prefetchExplore(
  client: QueryClient,
  params: { tab?: string | undefined; chainName?: string | undefined },
  search: URLSearchParams,
): void {
  const { tab, networks } = exploreRouteState(params, search)
  if (tab === 'tokens')
    void client.prefetchInfiniteQuery(exploreTokensOptions(networks, TOKENS_DEFAULT_SORT, 'DESC', ''))
  else if (tab === 'pools')
    void client.prefetchInfiniteQuery(explorePoolsOptions(networks, POOLS_DEFAULT_SORT, 'DESC', ''))
  else void client.prefetchInfiniteQuery(exploreTransactionsOptions(networks))
}

/**
 * /explore/tokens/:chainName/:tokenAddress: the chart's code and the page's one request (stats, the
 * default range's candles, the first transactions: see tokenDetailsOptions).
 */
export function prefetchToken(client: QueryClient, chainName: string, tokenAddress: string): void {
  if (!isKnownNetwork(chainName) || !isEvmAddress(tokenAddress)) return
  // A chunk that fails here fails again in the page, which shows it (usePriceChart).
  loadPriceChart().catch(() => undefined)
  void client.prefetchQuery(tokenDetailsOptions(chainName, tokenAddress))
}

/** /explore/pools/:chainName/:poolAddress: the pool, then its price candles and its transactions. */
export function prefetchPool(client: QueryClient, chainName: string, poolAddress: string): void {
  if (!isKnownNetwork(chainName) || !isPoolIdentifier(poolAddress)) return
  // A chunk that fails here fails again in the page, which shows it (usePriceChart).
  loadPriceChart().catch(() => undefined)
  client
    .fetchQuery(poolDetailsOptions(chainName, poolAddress))
    .then((pool) => {
      if (!pool) return
      const id = pool.version === 'V4' ? pool.poolId : pool.address
      if (!id) return
      void client.prefetchQuery(poolChartOptions(chainName, id, POOL_CHART_DEFAULT_RANGE))
      void client.prefetchInfiniteQuery(exploreTransactionsOptions([chainName], { pool: id }))
    })
    .catch(() => undefined)
}

/**
 * Props for a link to a token or pool page that start its data on intent (pointer over it, focus,
 * touch), so a click finds it in flight or in the cache. Repeated intents cost nothing while the
 * answers are fresh.
 */
export function useIntentPrefetch() {
  const client = useQueryClient()
  return (start: (client: QueryClient) => void) => {
    const onIntent = () => start(client)
    return { onMouseEnter: onIntent, onFocus: onIntent, onTouchStart: onIntent }
  }
}
