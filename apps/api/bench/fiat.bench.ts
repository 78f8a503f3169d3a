/**
 * `npm run bench:fiat`: the fiat flow on the real devnet (ethereum, port base 22800) with the
 * provider sandboxes (apps/sandbox, child process) and the API in process on PGlite.
 * - checkout completion → crypto received on chain: from the provider's answer to the card payment
 *   to the wallet's balance rising on chain (target ≤ 3 s), and to the order completed in the API
 * - quote fan-out across the three providers through GET /v1/fiat/quotes (target p99 ≤ 200 ms)
 */
import { serve } from '@hono/node-server'
import { devnetClients, startDevnet } from '@oxbow/devnet'
import type { Address } from 'viem'
import { createApp } from '../src/app.ts'
import { createDatabase } from '../src/db/index.ts'
import { createFiatModule } from '../src/fiat/index.ts'
import { providersFromConfig } from '../src/fiat/providers.ts'
import { buyEthFor100Usd, startFiatSandbox } from '../test/fiatKit.ts'

const SANDBOX_PORT = 22891
const API_PORT = 22892
const API = `http://127.0.0.1:${API_PORT}`
const WEB_ORIGIN = 'http://localhost:5173'
const ORDERS = 10
const QUOTES = 300

const devnet = await startDevnet({ networks: ['ethereum'], portBase: 22800 })
const sandbox = await startFiatSandbox({
  manifestPath: devnet.manifestPath,
  sandboxPort: SANDBOX_PORT,
  relayPort: SANDBOX_PORT - 1,
  webhookBase: `${API}/v1/fiat/webhooks`,
}).catch(async (error: unknown) => {
  await devnet.stop()
  throw error
})
const stopAll = async () => {
  sandbox.stop()
  await devnet.stop()
}
try {
  const db = await createDatabase()
  const module = await createFiatModule({
    db,
    adapters: providersFromConfig({
      OXBOW_ENVIRONMENT: 'local',
      OXBOW_FIAT_SANDBOX_URL: `http://127.0.0.1:${SANDBOX_PORT}`,
      OXBOW_FIAT_PROVIDERS: undefined,
    }),
    webOrigins: [WEB_ORIGIN],
    log: { info: () => {}, error: (m) => console.error(m) },
  })
  const app = createApp({
    config: {
      OXBOW_WEB_ORIGINS: [WEB_ORIGIN],
      OXBOW_RATE_LIMIT_PER_MINUTE: 1_000_000,
      OXBOW_RATE_LIMIT_BURST: 100_000,
      OXBOW_TRUST_PROXY: false,
    },
    modules: [module],
    log: { info: () => {}, error: (m) => console.error(m) },
  })
  const server = serve({ fetch: app.fetch, port: API_PORT, hostname: '127.0.0.1' })
  await new Promise((r) => server.once('listening', r))

  const { public: client } = devnetClients(devnet.manifest, 'ethereum', 0)
  const wallet = devnet.manifest.accounts[2]?.address as Address
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  }
  const ms = (v: number) => `${v.toFixed(1)} ms`

  // Checkout completion → crypto on chain.
  const toChain: number[] = []
  const toOrder: number[] = []
  for (let i = 0; i < ORDERS; i++) {
    const provider = ['beacon', 'orbit', 'tidal'][i % 3] as string
    const created = (await (
      await fetch(`${API}/v1/fiat/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          provider,
          ...buyEthFor100Usd,
          walletAddress: wallet,
          redirectUrl: `${WEB_ORIGIN}/buy`,
        }),
      })
    ).json()) as { order: { id: string }; widgetUrl: string }
    const page = await (await fetch(created.widgetUrl)).text()
    const widget = /name="widget" value="([^"]*)"/.exec(page)?.[1]?.replaceAll('&#38;', '&') ?? ''
    const before = await client.getBalance({ address: wallet })
    const paid = await fetch(created.widgetUrl.split('?')[0] as string, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ widget, card: '4242424242424242', expiry: '12/30', cvc: '123' }).toString(),
    })
    if (paid.status !== 303) throw new Error(`checkout answered ${paid.status}`)
    const start = performance.now()
    let chainAt = 0
    let orderAt = 0
    while ((chainAt === 0 || orderAt === 0) && performance.now() - start < 10_000) {
      if (chainAt === 0 && (await client.getBalance({ address: wallet })) > before)
        chainAt = performance.now()
      if (orderAt === 0) {
        const order = (await (await fetch(`${API}/v1/fiat/orders/${created.order.id}`)).json()) as {
          order: { status: string }
        }
        if (order.order.status === 'completed') orderAt = performance.now()
      }
      await new Promise((r) => setTimeout(r, 10))
    }
    if (chainAt === 0 || orderAt === 0)
      throw new Error(`order ${created.order.id} did not complete\n${sandbox.log()}`)
    toChain.push(chainAt - start)
    toOrder.push(orderAt - start)
  }

  // Quote fan-out (warm: after the first request has read the providers' keys).
  const params = new URLSearchParams({
    side: 'buy',
    country: 'US',
    fiatCurrency: 'USD',
    fiatAmount: '250',
    crypto: 'ETH',
    network: 'ethereum',
  })
  await fetch(`${API}/v1/fiat/quotes?${params}`)
  const fanOut: number[] = []
  for (let i = 0; i < QUOTES; i++) {
    const start = performance.now()
    const response = await fetch(`${API}/v1/fiat/quotes?${params}`)
    const body = (await response.json()) as { quotes: unknown[] }
    fanOut.push(performance.now() - start)
    if (body.quotes.length !== 3) throw new Error(`expected 3 quotes, got ${JSON.stringify(body)}`)
  }

  console.log(`checkout completion → crypto on chain (${ORDERS} buys of ETH, 3 providers):`)
  console.log(`  on chain  p50 ${ms(pct(toChain, 50))}  max ${ms(Math.max(...toChain))}  (target ≤ 3000 ms)`)
  console.log(`  order completed in the API  p50 ${ms(pct(toOrder, 50))}  max ${ms(Math.max(...toOrder))}`)
  console.log(`quote fan-out across 3 providers (${QUOTES} requests, sequential):`)
  console.log(
    `  p50 ${ms(pct(fanOut, 50))}  p99 ${ms(pct(fanOut, 99))}  max ${ms(Math.max(...fanOut))}  (target p99 ≤ 200 ms)`,
  )
  server.close()
  await module.close?.()
  await db.close()
} finally {
  await stopAll()
}
process.exit(0)
