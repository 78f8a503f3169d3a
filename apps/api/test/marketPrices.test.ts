/**
 * USD figures from the market (issue #16): the trading API against a real devnet (ethereum, port
 * base 22600) and the real indexer (@oxbow/indexer's launcher, the one its own suites start: Ponder
 * as a child process on in-memory PGlite). Quotes and the token list carry the indexer's
 * pool-derived prices; after a large swap moves the pool that prices ETH, the USD value served
 * follows; with the indexer unreachable or silent, USD figures are absent and say why. First, on the
 * chain as seeded, a quote pays out what its input is worth at those prices, within fees and impact:
 * before the seed's arbitrage step the pools disagreed, and 2 ETH valued at $6,398 bought 6,613 USDC
 * through a stale WBTC pool.
 */
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { devnetClients, startDevnet } from '@oxbow/devnet'
import { type IndexerHandle, PGLITE_IN_MEMORY, startIndexer } from '@oxbow/indexer'
import type { Manifest, NetworkDeployment } from '@oxbow/protocol'
import type { Hono } from 'hono'
import { type Address, parseEther, parseUnits } from 'viem'
import { createTradingModule, type TradingModule } from '../src/trading/index.ts'
import { testApp } from './kit.ts'

const PORT_BASE = 22600
const INDEXER_PORT = 22690
const NATIVE: Address = '0x0000000000000000000000000000000000000000'
const slug = 'ethereum' as const
const silent = { info: () => {}, error: () => {} }

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field by the assertions
type Json = any

let manifest: Manifest
let d: NetworkDeployment
let stopDevnet: (() => Promise<void>) | undefined
let indexer: IndexerHandle | undefined
let trading: TradingModule | undefined
let app: Hono

async function call(target: Hono, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const res = await target.request(
    `/v1${path}`,
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  )
  return { status: res.status, json: await res.json() }
}

/** The indexer's own answer: ETH's USD price and the block it is as of. */
async function indexerEth(): Promise<{ priceUsd: number; blockNumber: bigint }> {
  const res = await fetch(indexer?.graphqlUrl ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `{ networks { network blockNumber } tokenPrices(tokens: [{ network: "${slug}", address: "${NATIVE}" }]) { priceUsd } }`,
    }),
  })
  const body = (await res.json()) as Json
  const network = body.data?.networks?.find((n: Json) => n.network === slug)
  if (!network) throw new Error(`the indexer does not list ${slug} yet: ${JSON.stringify(body)}`)
  return {
    priceUsd: Number(body.data.tokenPrices[0].priceUsd),
    blockNumber: BigInt(network.blockNumber),
  }
}

function usdc(): Address {
  const t = d.tokens.find((x) => x.symbol === 'USDC' && x.kind === 'stablecoin')
  if (!t) throw new Error('no USDC')
  return t.address
}

const ONE_ETH_QUOTE = () => ({
  network: slug,
  tokenIn: 'ETH',
  tokenOut: usdc(),
  amount: parseEther('1').toString(),
  type: 'EXACT_INPUT',
})

/** A quote's value within this of its input's value: fees (0.05-0.3 %) and impact fit, free money does not. */
const TOLERANCE = 0.01

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
  const { status, json } = await call(app, '/quote', {
    network: slug,
    tokenIn,
    tokenOut,
    amount: amount.toString(),
    type: 'EXACT_INPUT',
  })
  assert.equal(status, 200, JSON.stringify(json))
  return BigInt(json.amountOut)
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
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
    // the API under test and this test read from one address: no rate limit here
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

// First, on the seeded chain as the seed left it (the tests below move the pools with a large swap).
describe('quotes pay what the input is worth (the seed arbitrages its pools to one price)', () => {
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
})

describe('USD from the market (the indexer)', () => {
  test('behavior: a quote values the trade and its gas at the indexer’s prices, as of its block', async () => {
    const market = await indexerEth()
    assert.ok(market.priceUsd > 0)
    const { status, json } = await call(app, '/quote', ONE_ETH_QUOTE())
    assert.equal(status, 200, JSON.stringify(json))
    assert.equal(json.prices.status, 'market', JSON.stringify(json.prices))
    assert.equal(BigInt(json.prices.blockNumber), market.blockNumber)
    assert.equal(json.tradeValueUsd, Math.round(market.priceUsd * 100) / 100)
    const costUsd = (Number(json.gas.costWei) / 1e18) * market.priceUsd
    assert.equal(json.gas.costUsd, Math.round(costUsd * 10_000) / 10_000)

    const tokens = await call(app, `/tokens?network=${slug}`)
    assert.equal(tokens.status, 200)
    assert.equal(tokens.json.prices.status, 'market')
    const eth = tokens.json.tokens.find((t: Json) => t.native)
    const weth = tokens.json.tokens.find((t: Json) => t.address === d.contracts.weth9)
    assert.equal(eth.priceUsd, market.priceUsd)
    assert.equal(weth.priceUsd, market.priceUsd, 'ETH and WETH are one asset with one price')
    const stable = tokens.json.tokens.find((t: Json) => t.address === usdc())
    assert.equal(stable.priceUsd, 1)
  })

  test('behavior: after a large swap moves the pools, the USD value served follows the market', async () => {
    const before = await indexerEth()
    const firstQuote = (await call(app, '/quote', ONE_ETH_QUOTE())).json
    assert.equal(firstQuote.tradeValueUsd, Math.round(before.priceUsd * 100) / 100)

    // sell a lot of ETH for USDC through the API's own route (native input: no approval needed)
    const { public: client, wallet } = devnetClients(manifest, slug, 5)
    const swap = await call(app, '/swap', {
      ...ONE_ETH_QUOTE(),
      amount: parseEther('1500').toString(),
      slippage: 50,
      swapper: wallet.account.address,
    })
    assert.equal(swap.status, 200, JSON.stringify(swap.json))
    assert.equal(swap.json.status, 'READY')
    const hash = await wallet.sendTransaction({
      to: swap.json.tx.to,
      data: swap.json.tx.data,
      value: BigInt(swap.json.tx.value),
      gas: BigInt(swap.json.tx.gasLimit),
    })
    const receipt = await client.waitForTransactionReceipt({ hash })
    assert.equal(receipt.status, 'success')

    // once the indexer has the swap's block, the API serves the moved price
    const after = await waitFor('the indexer to index the swap', async () => {
      const now = await indexerEth()
      return now.blockNumber >= receipt.blockNumber ? now : undefined
    })
    assert.ok(
      after.priceUsd < before.priceUsd * 0.97,
      `ETH fell after selling 1500 ETH: ${before.priceUsd} -> ${after.priceUsd}`,
    )
    const quote = await waitFor('a quote priced at the swap’s block', async () => {
      const q = (await call(app, '/quote', ONE_ETH_QUOTE())).json
      return q.prices.status === 'market' && BigInt(q.prices.blockNumber) >= receipt.blockNumber
        ? q
        : undefined
    })
    const latest = await indexerEth()
    assert.equal(quote.tradeValueUsd, Math.round(latest.priceUsd * 100) / 100)
    assert.ok(quote.tradeValueUsd < firstQuote.tradeValueUsd * 0.97)
    const tokens = (await call(app, `/tokens?network=${slug}`)).json
    assert.equal(tokens.tokens.find((t: Json) => t.native).priceUsd, latest.priceUsd)
  })

  test('error: with the indexer unreachable or silent, quotes carry no USD figures and say why', async () => {
    // a port where nothing listens, and a server that accepts and never answers
    const silentServer: Server = createServer(() => {})
    await new Promise<void>((ready) => silentServer.listen(0, '127.0.0.1', ready))
    const silentUrl = `http://127.0.0.1:${(silentServer.address() as AddressInfo).port}/graphql`
    try {
      for (const [url, reason] of [
        [`http://127.0.0.1:${INDEXER_PORT + 1}/graphql`, /indexer prices unavailable/],
        [silentUrl, /no answer within 200 ms/],
      ] as const) {
        const module = await createTradingModule(manifest, silent, {
          pollMs: 3_600_000,
          routeThreads: 0,
          indexerUrl: url,
          indexerTimeoutMs: 200,
        })
        try {
          const started = Date.now()
          const { status, json } = await call(
            testApp([module], undefined, { log: silent }),
            '/quote',
            ONE_ETH_QUOTE(),
          )
          assert.ok(Date.now() - started < 2_000, 'the timeout bounds the quote')
          assert.equal(status, 200, 'a quote without USD is still a quote')
          assert.equal(json.prices.status, 'unavailable')
          assert.match(json.prices.reason, reason)
          assert.equal(json.tradeValueUsd, null)
          assert.equal(json.gas.costUsd, null)
          const tokens = (
            await call(testApp([module], undefined, { log: silent }), `/tokens?network=${slug}`)
          ).json
          assert.equal(tokens.prices.status, 'unavailable')
          assert.ok(tokens.tokens.every((t: Json) => t.priceUsd === null))
        } finally {
          await module.close?.()
        }
      }
    } finally {
      silentServer.closeAllConnections()
      silentServer.close()
    }
  })
})
