/**
 * USD figures from the market (issue #16): the trading API against a real devnet (ethereum, port
 * base 22600) and the real indexer (apps/indexer's `serve` script as a child process on PGlite in a
 * temporary directory: tests import no other app). Quotes and the token list carry the indexer's
 * pool-derived prices; after a large swap moves the pool that prices ETH, the USD value served
 * follows; with the indexer unreachable or silent, USD figures are absent and say why.
 */
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { devnetClients, startDevnet } from '@oxbow/devnet'
import type { Manifest, NetworkDeployment } from '@oxbow/protocol'
import type { Hono } from 'hono'
import { type Address, parseEther } from 'viem'
import { createApp } from '../src/app.ts'
import { createTradingModule, type TradingModule } from '../src/trading/index.ts'

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
let indexer: { url: string; stop(): Promise<void> } | undefined
let trading: TradingModule | undefined
let app: Hono

/** apps/indexer's serve script in its own process group; ready on its `ready` line. */
async function startIndexer(manifestPath: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    resolve(import.meta.dirname, '../../../node_modules/.bin/tsx'),
    [resolve(import.meta.dirname, '../../indexer/scripts/serve.ts')],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        OXBOW_MANIFEST: manifestPath,
        OXBOW_INDEXER_PORT: String(INDEXER_PORT),
        OXBOW_INDEXER_DATA_DIR: 'memory://', // PGlite in memory: a throwaway database
        OXBOW_INDEXER_NETWORKS: slug,
        // the API under test and this test read from one address: no rate limit here
        OXBOW_INDEXER_RATE_LIMIT_PER_MINUTE: '1000000',
        OXBOW_INDEXER_RATE_LIMIT_BURST: '100000',
      },
    },
  )
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      process.kill(-child.pid, 'SIGTERM')
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))])
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL')
    }
  }
  let output = ''
  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`indexer not ready in 240 s:\n${output}`)), 240_000)
      child.stdout?.on('data', (chunk: Buffer) => {
        output += String(chunk)
        if (/^ready /m.test(output)) {
          clearTimeout(timer)
          ready()
        }
      })
      child.stderr?.on('data', (chunk: Buffer) => {
        output += String(chunk)
      })
      child.on('exit', (code) => {
        clearTimeout(timer)
        fail(new Error(`indexer exited (${code}):\n${output}`))
      })
    })
  } catch (error) {
    await stop()
    throw error
  }
  return { url: `http://127.0.0.1:${INDEXER_PORT}/graphql`, stop }
}

function appFor(module: TradingModule): Hono {
  return createApp({
    config: {
      OXBOW_WEB_ORIGINS: [],
      OXBOW_RATE_LIMIT_PER_MINUTE: 100_000,
      OXBOW_RATE_LIMIT_BURST: 10_000,
      OXBOW_TRUST_PROXY: false,
    },
    modules: [module],
    log: silent,
  })
}

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
  const res = await fetch(indexer?.url ?? '', {
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
  indexer = await startIndexer(devnet.manifestPath)
  trading = await createTradingModule(manifest, silent, {
    pollMs: 100,
    routeThreads: 0,
    indexerUrl: indexer.url,
    indexerTimeoutMs: 2_000,
  })
  app = appFor(trading)
})

after(async () => {
  await trading?.close?.()
  await indexer?.stop()
  await stopDevnet?.()
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
          const { status, json } = await call(appFor(module), '/quote', ONE_ETH_QUOTE())
          assert.ok(Date.now() - started < 2_000, 'the timeout bounds the quote')
          assert.equal(status, 200, 'a quote without USD is still a quote')
          assert.equal(json.prices.status, 'unavailable')
          assert.match(json.prices.reason, reason)
          assert.equal(json.tradeValueUsd, null)
          assert.equal(json.gas.costUsd, null)
          const tokens = (await call(appFor(module), `/tokens?network=${slug}`)).json
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
