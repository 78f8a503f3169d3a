import assert from 'node:assert/strict'
import { afterEach, beforeEach, test } from 'node:test'
import { QueryClient } from '@tanstack/react-query'
import { POOLS_DEFAULT_SORT, TOKENS_DEFAULT_SORT } from '../services/exploreData.ts'
import { TOKEN_CHART_DEFAULT_RANGE } from '../services/tokenData.ts'
import { prefetchExplore, prefetchToken } from './prefetch.ts'
import { explorePoolsOptions, exploreTokensOptions, exploreTransactionsOptions } from './useExploreData.ts'
import { tokenChartOptions, tokenDetailsOptions } from './useTokenDetails.ts'

// The loaders' prefetch must fill the very queries the pages read (same keys), or the page asks
// again and the prefetch was wasted. The indexer is not reached here: requests stay pending.
const realFetch = globalThis.fetch
const asked: string[] = []
beforeEach(() => {
  asked.length = 0
  globalThis.fetch = ((_url: string, init?: RequestInit) => {
    asked.push(String(init?.body ?? ''))
    return new Promise<Response>(() => undefined)
  }) as typeof fetch
})
afterEach(() => {
  globalThis.fetch = realFetch
})

const inFlight = (client: QueryClient, queryKey: readonly unknown[]) =>
  client.getQueryCache().find({ queryKey, exact: true })?.state.fetchStatus === 'fetching'

test('behavior: an explore route prefetches the list its page opens on, under the key the table reads', () => {
  const client = new QueryClient()
  prefetchExplore(client, { tab: 'pools', chainName: 'ethereum' }, new URLSearchParams())
  assert.ok(inFlight(client, explorePoolsOptions(['ethereum'], POOLS_DEFAULT_SORT, 'DESC', '').queryKey))
  prefetchExplore(client, { tab: 'tokens' }, new URLSearchParams('networks=all'))
  assert.ok(inFlight(client, exploreTokensOptions(null, TOKENS_DEFAULT_SORT, 'DESC', '').queryKey))
  // /explore/:chainName: the tokens tab of that network (the local environment's only network).
  prefetchExplore(client, { tab: 'ethereum' }, new URLSearchParams())
  assert.ok(inFlight(client, exploreTokensOptions(['ethereum'], TOKENS_DEFAULT_SORT, 'DESC', '').queryKey))
  prefetchExplore(client, { tab: 'transactions', chainName: 'ethereum' }, new URLSearchParams())
  assert.ok(inFlight(client, exploreTransactionsOptions(['ethereum']).queryKey))
  assert.equal(asked.length, 4)
  // /explore opens on ethereum's tokens, in flight already: a second intent asks nothing more.
  prefetchExplore(client, {}, new URLSearchParams())
  assert.equal(asked.length, 4)
})

test('behavior: a token page asks for stats, default chart range and transactions in one request, and fills the chart and table queries from it; a malformed one asks nothing', async () => {
  const client = new QueryClient()
  const weth = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
  let answer: (body: unknown) => void = () => undefined
  globalThis.fetch = ((_url: string, init?: RequestInit) => {
    asked.push(String(init?.body ?? ''))
    return new Promise<Response>((resolve) => {
      answer = (body) => resolve(new Response(JSON.stringify(body), { status: 200 }))
    })
  }) as typeof fetch
  prefetchToken(client, 'ethereum', weth)
  assert.ok(inFlight(client, tokenDetailsOptions('ethereum', weth).queryKey))
  assert.equal(asked.length, 1)
  assert.match(asked[0] ?? '', /query TokenPage/)
  const candle = { timestamp: 3600, open: '1', high: '2', low: '0.5', close: '1.5', volumeUsd: '10' }
  answer({
    data: {
      token: {
        network: 'ethereum',
        address: weth,
        symbol: 'WETH',
        name: 'Wrapped Ether',
        decimals: 18,
        safety: 'verified',
        logoUrl: '/token-logos/eth.svg',
        kind: 'wrapped-native',
        isNative: false,
        priceUsd: '3000',
        priceChange24h: null,
        tvlUsd: '1',
        marketCapUsd: null,
        fdvUsd: null,
        volume24hUsd: '0',
        priceRange52w: null,
        buyFeeBps: 0,
        sellFeeBps: 0,
        sameTokens: [],
        priceHistory: [candle],
      },
      transactions: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } },
    },
  })
  await client.fetchQuery(tokenDetailsOptions('ethereum', weth))
  assert.deepEqual(
    client.getQueryData(tokenChartOptions('ethereum', weth, TOKEN_CHART_DEFAULT_RANGE).queryKey),
    [{ time: 3600, open: 1, high: 2, low: 0.5, close: 1.5, volumeUsd: 10 }],
  )
  assert.deepEqual(client.getQueryData(exploreTransactionsOptions(['ethereum'], { token: weth }).queryKey), {
    pages: [{ rows: [], endCursor: null, hasNextPage: false }],
    pageParams: [null],
  })
  prefetchToken(client, 'ethereum', '0x1234')
  prefetchToken(client, 'not-a-chain', weth)
  assert.equal(asked.length, 1)
})
