/**
 * Quotes agree with the market's price (issues #12 and #16): on the seeded devnet (ethereum, port
 * base 27500) with the real indexer, a quote pays out what the tokens are worth at the indexer's
 * pool-derived USD prices, within fees and price impact. Before the seed's arbitrage step, the
 * pools disagreed and 2 ETH valued at $6,398 bought 6,613 USDC through a stale WBTC pool.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { startDevnet } from '@oxbow/devnet'
import { type IndexerHandle, PGLITE_IN_MEMORY, startIndexer } from '@oxbow/indexer'
import type { Manifest, NetworkDeployment } from '@oxbow/protocol'
import type { Hono } from 'hono'
import { type Address, parseEther, parseUnits } from 'viem'
import { createTradingModule, type TradingModule } from '../src/trading/index.ts'
import { testApp } from './kit.ts'

const PORT_BASE = 27500
const INDEXER_PORT = 27590
const NATIVE: Address = '0x0000000000000000000000000000000000000000'
const slug = 'ethereum' as const
const silent = { info: () => {}, error: () => {} }
/** A quote's value within this of its input's value: fees (0.05-0.3 %) and impact fit, free money does not. */
const TOLERANCE = 0.01

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field by the assertions
type Json = any

let manifest: Manifest
let d: NetworkDeployment
let stopDevnet: (() => Promise<void>) | undefined
let indexer: IndexerHandle | undefined
let trading: TradingModule | undefined
let app: Hono

function token(symbol: string): { address: Address; decimals: number } {
  const t = d.tokens.find((x) => x.symbol === symbol && x.safety === 'verified')
  if (!t) throw new Error(`no ${symbol}`)
  return t
}

/** The indexer's USD prices of `addresses`, in their order. */
async function indexerPrices(addresses: readonly Address[]): Promise<number[]> {
  const list = addresses.map((a) => `{ network: "${slug}", address: "${a}" }`).join(', ')
  const res = await fetch(indexer?.graphqlUrl ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{ tokenPrices(tokens: [${list}]) { priceUsd } }` }),
  })
  const body = (await res.json()) as Json
  return body.data.tokenPrices.map((p: Json) => Number(p.priceUsd))
}

async function quoteOut(tokenIn: string, tokenOut: string, amount: bigint): Promise<bigint> {
  const res = await app.request('/v1/quote', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      network: slug,
      tokenIn,
      tokenOut,
      amount: amount.toString(),
      type: 'EXACT_INPUT',
    }),
  })
  const json = (await res.json()) as Json
  assert.equal(res.status, 200, JSON.stringify(json))
  return BigInt(json.amountOut)
}

before(async () => {
  const devnet = await startDevnet({ networks: [slug], portBase: PORT_BASE })
  stopDevnet = devnet.stop
  manifest = devnet.manifest
  d = manifest.networks[slug] as NetworkDeployment
  indexer = await startIndexer({
    manifestPath: devnet.manifestPath,
    port: INDEXER_PORT,
    dataDir: PGLITE_IN_MEMORY,
    networks: [slug],
    readyTimeoutMs: 240_000,
    env: { OXBOW_INDEXER_RATE_LIMIT_PER_MINUTE: '1000000', OXBOW_INDEXER_RATE_LIMIT_BURST: '100000' },
  })
  trading = await createTradingModule(manifest, silent, {
    pollMs: 100,
    routeThreads: 0,
    indexerUrl: indexer.graphqlUrl,
    indexerTimeoutMs: 2_000,
  })
  app = testApp([trading], undefined, { log: silent })
})

after(async () => {
  await trading?.close?.()
  await indexer?.stop()
  await stopDevnet?.()
})

test('behavior: 2 ETH quote for about 2 x the indexer’s ETH price in USDC, and back', async () => {
  const usdc = token('USDC')
  const [ethUsd, usdcUsd] = (await indexerPrices([NATIVE, usdc.address])) as [number, number]
  assert.ok(ethUsd > 0 && usdcUsd > 0)
  const out = Number(await quoteOut('ETH', usdc.address, parseEther('2'))) / 10 ** usdc.decimals
  const worth = (2 * ethUsd) / usdcUsd
  assert.ok(
    Math.abs(out / worth - 1) <= TOLERANCE,
    `2 ETH ($${(2 * ethUsd).toFixed(2)}) quoted ${out} USDC: ${((out / worth - 1) * 100).toFixed(2)} %`,
  )
  // the other way round: a stale pool would pay too much ETH for USDC instead
  const back = Number(await quoteOut(usdc.address, 'ETH', parseUnits('6400', usdc.decimals))) / 1e18
  const backWorth = (6400 * usdcUsd) / ethUsd
  assert.ok(
    Math.abs(back / backWorth - 1) <= TOLERANCE,
    `6,400 USDC quoted ${back} ETH, worth ${backWorth}: ${((back / backWorth - 1) * 100).toFixed(2)} %`,
  )
})

test('behavior: cross pairs agree: WBTC quotes at the indexer’s WBTC price in ETH and in USDC', async () => {
  const [wbtc, usdc] = [token('WBTC'), token('USDC')]
  const [btcUsd, ethUsd, usdcUsd] = (await indexerPrices([wbtc.address, NATIVE, usdc.address])) as [
    number,
    number,
    number,
  ]
  const amount = parseUnits('0.1', wbtc.decimals)
  for (const [out, worth, label] of [
    [
      Number(await quoteOut(wbtc.address, usdc.address, amount)) / 10 ** usdc.decimals,
      (0.1 * btcUsd) / usdcUsd,
      'USDC',
    ],
    [Number(await quoteOut(wbtc.address, 'ETH', amount)) / 1e18, (0.1 * btcUsd) / ethUsd, 'ETH'],
    [
      Number(await quoteOut('ETH', wbtc.address, parseEther('3'))) / 10 ** wbtc.decimals,
      (3 * ethUsd) / btcUsd,
      'WBTC for 3 ETH',
    ],
  ] as const) {
    assert.ok(
      Math.abs(out / worth - 1) <= TOLERANCE,
      `${label}: quoted ${out}, worth ${worth}: ${((out / worth - 1) * 100).toFixed(2)} %`,
    )
  }
})
