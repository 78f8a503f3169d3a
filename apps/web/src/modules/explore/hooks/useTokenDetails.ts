import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import { getRuntimeConfig, isKnownNetwork } from '../../config/index.ts'
import {
  type ChartRange,
  fetchTokenBalances,
  fetchTokenChart,
  fetchTokenDetails,
  fetchTokenPage,
  TOKEN_CHART_DEFAULT_RANGE,
  type TokenDetails,
} from '../services/tokenData.ts'
import { exploreTransactionsOptions } from './useExploreData.ts'

/** Stats refresh about every block, so a swap moves the page without a reload. */
export const TOKEN_REFRESH_MS = 2000

/**
 * How a price chart's candles are fetched (token and pool pages): the shown range stays while
 * another loads; they refresh every five stats refreshes.
 */
export const chartQueryPolicy = {
  placeholderData: keepPreviousData,
  refetchInterval: TOKEN_REFRESH_MS * 5,
  staleTime: TOKEN_REFRESH_MS * 5,
  retry: 1,
} as const

/**
 * The token page's stats: the query the page reads and its loader and links prefetch. Its first
 * answer is the whole page in one round trip (stats, the default range's candles, the first page of
 * transactions), which it hands to the chart's and the transactions table's queries; later refreshes
 * ask for the stats alone (the chart and the table refresh on their own).
 */
export function tokenDetailsOptions(network: string, address: string) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return queryOptions({
    queryKey: ['explore', 'token', graphqlUrl, network, address.toLowerCase()],
    queryFn: async ({ signal, client, queryKey }) => {
      if (client.getQueryData(queryKey) !== undefined)
        return fetchTokenDetails(graphqlUrl, network, address, signal)
      const page = await fetchTokenPage(
        graphqlUrl,
        network,
        address,
        TOKEN_CHART_DEFAULT_RANGE,
        isKnownNetwork,
        signal,
      )
      if (page.token) seedTokenPage(client, network, address, page)
      return page.token
    },
    refetchInterval: TOKEN_REFRESH_MS,
    // A prefetched answer is not asked for again as the page mounts.
    staleTime: TOKEN_REFRESH_MS,
    retry: 1,
  })
}

/** The chart's and the table's first answers, unless they already have their own. */
function seedTokenPage(
  client: QueryClient,
  network: string,
  address: string,
  page: Awaited<ReturnType<typeof fetchTokenPage>>,
): void {
  const chartKey = tokenChartOptions(network, address, TOKEN_CHART_DEFAULT_RANGE).queryKey
  if (client.getQueryData(chartKey) === undefined) client.setQueryData(chartKey, page.chart)
  const transactionsKey = exploreTransactionsOptions([network], { token: address }).queryKey
  if (client.getQueryData(transactionsKey) === undefined)
    client.setQueryData(transactionsKey, { pages: [page.transactions], pageParams: [null] })
}

/** Most tokens one `tokenBalances` read takes (the indexer's MAX_SAME_TOKENS). */
const MAX_BALANCE_TOKENS = 20

/** A token's candles for one range (the token and pool pages' chart). */
export function tokenChartOptions(network: string, address: string, range: ChartRange) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  return queryOptions({
    queryKey: ['explore', 'tokenChart', graphqlUrl, network, address.toLowerCase(), range],
    queryFn: ({ signal }) => fetchTokenChart(graphqlUrl, network, address, range, signal),
    ...chartQueryPolicy,
  })
}

export function useTokenDetails(network: string, address: string, enabled: boolean) {
  return useQuery({ ...tokenDetailsOptions(network, address), enabled })
}

export function useTokenChart(network: string, address: string, range: ChartRange, enabled: boolean) {
  return useQuery({ ...tokenChartOptions(network, address, range), enabled })
}

const NATIVE = '0x0000000000000000000000000000000000000000'

/**
 * The native or wrapped counterpart of the page's token on a network it is on: the native token
 * for the wrapped one (ETH for WETH, by the indexer's kind), the network's WETH9 for the native
 * one when this environment names it (its contracts); none for other tokens.
 */
export function nativeCounterpart(token: Pick<TokenDetails, 'kind'>, network: string): string | null {
  if (token.kind === 'wrapped-native') return NATIVE
  if (token.kind !== 'native') return null
  return getRuntimeConfig().contracts?.[network]?.weth9 ?? null
}

/**
 * The connected wallet's balance of the token on its network and on every other network the
 * indexer has the same token, each followed by its native or wrapped counterpart (ETH next to WETH),
 * in one request; disabled without an account.
 */
export function useTokenBalances(
  token: TokenDetails | null | undefined,
  owner: string | null,
  /** The networks to read (default: every network the app knows). */
  isShown: (slug: string) => boolean = isKnownNetwork,
) {
  const graphqlUrl = getRuntimeConfig().graphqlUrl
  const tokens = token
    ? [{ network: token.network, address: token.address }, ...token.sameTokens]
        .filter((t) => isShown(t.network))
        .flatMap((t) => {
          const counterpart = nativeCounterpart(token, t.network)
          return counterpart ? [t, { network: t.network, address: counterpart }] : [t]
        })
        .slice(0, MAX_BALANCE_TOKENS)
    : []
  return useQuery({
    queryKey: ['explore', 'tokenBalances', graphqlUrl, owner?.toLowerCase(), tokens],
    queryFn: ({ signal }) => fetchTokenBalances(graphqlUrl, owner ?? '', tokens, isKnownNetwork, signal),
    enabled: Boolean(owner) && tokens.length > 0,
    refetchInterval: TOKEN_REFRESH_MS * 2,
    retry: 1,
  })
}
