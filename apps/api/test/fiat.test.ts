/**
 * The fiat module against the real provider sandboxes (apps/sandbox as a child process) paying out
 * on a real devnet (ethereum, port base 22600), on embedded PGlite and on a PostgreSQL server.
 * Covers quotes and their fan-out (a slow and a garbage provider beside the real three), regions,
 * currencies and limits, a buy paid by card and settled on chain, a declined card, a sell whose
 * deposit is checked on chain, and webhooks: forged, stale, replayed, for an unknown order.
 */
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { serve } from '@hono/node-server'
import {
  fiatOrderCreatedSchema,
  fiatOrderResponseSchema,
  fiatOrdersResponseSchema,
} from '@oxbow/api-contract/fiat'
import {
  devnetClients,
  postgresSkipReason,
  startDevnet,
  startTestPostgres,
  type TestPostgres,
} from '@oxbow/devnet'
import { erc20Abi, type Manifest } from '@oxbow/protocol'
import type { Address } from 'viem'
import { type Database, migrate } from '../src/db/index.ts'
import { createFiatModule, createFiatStore, createSandboxAdapter, fiatMigrations } from '../src/fiat/index.ts'
import { sandboxCredentials } from '../src/fiat/providers.ts'
import { testDatabases } from './databaseKit.ts'
import { buyEthFor100Usd, type RunningFiatSandbox, startFiatSandbox } from './fiatKit.ts'
import { testApp } from './kit.ts'

const PORT_BASE = 22600
const SANDBOX_PORT = 22691
const RELAY_PORT = 22690
const API_PORT = 22692
const BAD_PORT = 22694
const SANDBOX = `http://127.0.0.1:${SANDBOX_PORT}`
const API = `http://127.0.0.1:${API_PORT}`
const WEB_ORIGIN = 'http://localhost:5173'

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field by the assertions
type Json = any

let manifest: Manifest
let stopDevnet: () => Promise<void>
let sandbox: RunningFiatSandbox | undefined
let badServer: Server
let postgres: TestPostgres | null = null

const silent = { info: () => {}, error: (m: string) => console.error(m) }

before(async () => {
  const devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
  manifest = devnet.manifest
  stopDevnet = () => devnet.stop()
  sandbox = await startFiatSandbox({
    manifestPath: devnet.manifestPath,
    sandboxPort: SANDBOX_PORT,
    relayPort: RELAY_PORT,
    webhookBase: `${API}/v1/fiat/webhooks`,
  })
  // A provider that never answers and one that answers garbage, to show the fan-out leaves them out.
  badServer = createServer((req, res) => {
    if (req.url?.startsWith('/slow/')) return // never answers
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ fiatAmount: 'lots', cryptoAmount: -1 }))
  })
  await new Promise<void>((r) => badServer.listen(BAD_PORT, '127.0.0.1', () => r()))
  if (!postgresSkipReason()) postgres = await startTestPostgres()
})

after(async () => {
  badServer?.closeAllConnections()
  badServer?.close()
  sandbox?.stop()
  await postgres?.stop()
  await stopDevnet?.()
})

const keys = sandboxCredentials(SANDBOX)
const adapters = () => [
  ...(['beacon', 'orbit', 'tidal'] as const).map((id) =>
    createSandboxAdapter({
      id,
      name: id,
      kind: 'ramp',
      baseUrl: `${SANDBOX}/${id}`,
      credentials: () => keys(id),
    }),
  ),
  createSandboxAdapter({
    id: 'coinbridge',
    name: 'Coinbridge',
    kind: 'exchange',
    baseUrl: `${SANDBOX}/coinbridge`,
    credentials: () => keys('coinbridge'),
  }),
]
const fake = { apiKey: 'k', secretKey: 's', webhookSecret: 'w' }
const badAdapters = () => [
  createSandboxAdapter({
    id: 'slow',
    name: 'Slow',
    kind: 'ramp',
    baseUrl: `http://127.0.0.1:${BAD_PORT}/slow`,
    credentials: async () => fake,
  }),
  createSandboxAdapter({
    id: 'garbage',
    name: 'Garbage',
    kind: 'ramp',
    baseUrl: `http://127.0.0.1:${BAD_PORT}/garbage`,
    credentials: async () => fake,
  }),
]

async function balance(address: Address, token: 'ETH' | 'USDC'): Promise<bigint> {
  const { public: client } = devnetClients(manifest, 'ethereum', 0)
  if (token === 'ETH') return client.getBalance({ address })
  const usdc = manifest.networks.ethereum?.tokens.find((t) => t.symbol === 'USDC' && t.safety === 'verified')
  if (!usdc) throw new Error('no USDC')
  return client.readContract({
    address: usdc.address as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })
}

function signWebhook(secret: string, body: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
}

async function waitForStatus(id: string, statuses: string[], timeoutMs = 15_000): Promise<Json> {
  const deadline = Date.now() + timeoutMs
  let order: Json
  while (Date.now() < deadline) {
    order = ((await (await fetch(`${API}/v1/fiat/orders/${id}`)).json()) as Json).order
    if (statuses.includes(order.status)) return order
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`order ${id} stayed ${order?.status}\n${sandbox?.log().slice(-2000)}`)
}

/** Opens the signed checkout page and pays with `card` (the form posts back the signed query). */
async function payAtCheckout(widgetUrl: string, card: string): Promise<Response> {
  const page = await fetch(widgetUrl)
  assert.equal(page.status, 200, await page.clone().text())
  const html = await page.text()
  const widget = /name="widget" value="([^"]*)"/.exec(html)?.[1]?.replaceAll('&#38;', '&')
  assert.ok(widget, 'the checkout carries its signed query')
  return fetch(widgetUrl.split('?')[0] as string, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ widget, card, expiry: '12/30', cvc: '123' }).toString(),
  })
}

const databases = testDatabases(() => postgres)

for (const [index, database] of databases.entries()) {
  describe(`fiat on ${database.name}`, () => {
    let db: Database
    let server: ReturnType<typeof serve>
    let account: Address

    before(async () => {
      db = await database.open(`fiat_test_${index}`)
      const module = await createFiatModule({
        db,
        adapters: [...adapters(), ...badAdapters()],
        webOrigins: [WEB_ORIGIN],
        log: silent,
        quoteTimeoutMs: 500,
      })
      const app = testApp([module], undefined, { webOrigins: [WEB_ORIGIN], log: silent })
      server = await new Promise((r) => {
        const s = serve({ fetch: app.fetch, port: API_PORT, hostname: '127.0.0.1' }, () => r(s))
      })
      account = (manifest.accounts[index + 1]?.address ?? '') as Address
    })
    after(async () => {
      if ('closeAllConnections' in server) server.closeAllConnections()
      await new Promise((r) => server.close(r))
      await db.close()
    })

    const quotes = (params: Record<string, string>) =>
      fetch(`${API}/v1/fiat/quotes?${new URLSearchParams({ ...buyEthFor100Usd, ...params })}`)

    test('behavior: quotes from every provider; a slow and a garbage provider are left out with their reason', async () => {
      const started = performance.now()
      const response = await quotes({})
      const body: Json = await response.json()
      assert.equal(response.status, 200, JSON.stringify(body))
      assert.ok(
        performance.now() - started < 1500,
        'the slow provider does not hold the answer past its timeout',
      )
      assert.deepEqual(body.quotes.map((q: Json) => q.provider).sort(), ['beacon', 'orbit', 'tidal'])
      for (const q of body.quotes) {
        assert.ok(BigInt(q.cryptoAmount) > 0n)
        assert.equal(q.fiatAmount, '100.00')
        assert.ok(Number(q.feeAmount) > 0)
      }
      const reasons = Object.fromEntries(body.unavailable.map((u: Json) => [u.provider, u.reason.code]))
      assert.deepEqual(reasons, { slow: 'TIMEOUT', garbage: 'INVALID_RESPONSE' })
    })

    test('error: unsupported region', async () => {
      const response = await quotes({ country: 'CU' })
      const body: Json = await response.json()
      assert.equal(response.status, 400)
      assert.equal(body.error.code, 'UNSUPPORTED_REGION')
      assert.equal(body.error.message, 'This service is unavailable in your region')
    })

    test('error: only available to purchase in USD', async () => {
      const body: Json = await (await quotes({ fiatCurrency: 'EUR' })).json()
      assert.equal(body.error.code, 'UNSUPPORTED_CURRENCY')
      assert.equal(body.error.message, 'Only available to purchase in USD')
    })

    test('error: amounts below every minimum and above every maximum', async () => {
      const low: Json = await (await quotes({ fiatAmount: '5' })).json()
      assert.equal(low.error.code, 'AMOUNT_BELOW_MINIMUM')
      assert.equal(low.error.details.minAmount, '10')
      const high: Json = await (await quotes({ fiatAmount: '20000' })).json()
      assert.equal(high.error.code, 'AMOUNT_ABOVE_MAXIMUM')
      assert.equal(high.error.details.maxAmount, '10000')
      // Inside one provider's range only: that one quotes, the others say why not.
      const mid: Json = await (await quotes({ fiatAmount: '8000' })).json()
      assert.deepEqual(
        mid.quotes.map((q: Json) => q.provider),
        ['beacon'],
      )
    })

    /** POSTs the account's order of 100 USD of ETH from `provider`, with `overrides`. */
    const postOrder = (provider: string, overrides: Record<string, string> = {}) =>
      fetch(`${API}/v1/fiat/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          provider,
          ...buyEthFor100Usd,
          walletAddress: account,
          redirectUrl: `${WEB_ORIGIN}/buy`,
          ...overrides,
        }),
      })

    const createOrder = async (provider: string, overrides: Record<string, string> = {}) => {
      const response = await postOrder(provider, overrides)
      const body: Json = await response.json()
      assert.equal(response.status, 201, JSON.stringify(body))
      return body as { order: Json; widgetUrl: string }
    }

    /** The provider's quote for what an order of `overrides` asks (the fee the order must keep). */
    const quoteOf = async (provider: string, overrides: Record<string, string> = {}) => {
      const body: Json = await (await quotes(overrides)).json()
      const quote = body.quotes.find((q: Json) => q.provider === provider)
      assert.ok(quote, `${provider} quotes ${JSON.stringify(overrides)}: ${JSON.stringify(body)}`)
      return quote as Json
    }

    test('behavior: a buy paid by card settles on chain; replaying its webhooks credits once', async () => {
      const before = await balance(account, 'ETH')
      const quoted = await quoteOf('orbit')
      const created = await createOrder('orbit')
      const { order, widgetUrl } = created
      assert.equal(order.status, 'created')
      // The provider's fee is the quote's, kept on the order; every answer is what the contract says.
      assert.ok(Number(quoted.feeAmount) > 0)
      assert.equal(order.feeAmount, quoted.feeAmount)
      assert.equal(order.fiatCurrency, 'USD')
      fiatOrderCreatedSchema.parse(created)
      assert.ok(!widgetUrl.includes('sk_test'), 'the secret key never appears in the widget URL')
      const paid = await payAtCheckout(widgetUrl, '4242 4242 4242 4242')
      assert.equal(paid.status, 303)
      assert.equal(paid.headers.get('location'), `${WEB_ORIGIN}/buy?fiatOrder=${order.id}`)
      const done = await waitForStatus(order.id, ['completed', 'failed'])
      assert.equal(done.status, 'completed')
      assert.deepEqual(
        done.history.map((h: Json) => h.status),
        ['created', 'pending', 'completed'],
      )
      assert.equal(done.feeAmount, quoted.feeAmount, 'the webhooks leave the fee as quoted')
      fiatOrderResponseSchema.parse({ order: done })
      const listed: Json = await (await fetch(`${API}/v1/fiat/orders?walletAddress=${account}`)).json()
      fiatOrdersResponseSchema.parse(listed)
      assert.equal(listed.orders.find((o: Json) => o.id === order.id)?.feeAmount, quoted.feeAmount)
      assert.equal((await balance(account, 'ETH')) - before, BigInt(done.cryptoAmount))

      // The same checkout cannot be paid twice.
      const again = await payAtCheckout(widgetUrl, '4242 4242 4242 4242').catch(() => null)
      assert.notEqual(again?.status, 303)

      // A provider's webhook replayed (same event id) twice: refused, the order moves no further.
      const { webhookSecret } = await keys('orbit')
      const event = JSON.stringify({
        id: 'evt_replay_1',
        type: 'transaction.updated',
        data: {
          id: 'tx1',
          externalOrderId: order.id,
          status: 'completed',
          walletAddress: account,
          crypto: 'ETH',
          network: 'ethereum',
          cryptoAmount: done.cryptoAmount,
          txHash: done.txHash,
          depositAddress: null,
          failureReason: null,
        },
      })
      const send = (body: string, signature: string, provider = 'orbit') =>
        fetch(`${API}/v1/fiat/webhooks/${provider}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
          body,
        })
      const first = await send(event, signWebhook(webhookSecret, event))
      assert.equal(first.status, 200)
      const second = await send(event, signWebhook(webhookSecret, event))
      assert.equal(second.status, 409)
      assert.equal(((await second.json()) as Json).error.code, 'WEBHOOK_REPLAYED')
      const third = await send(event, signWebhook(webhookSecret, event))
      assert.equal(third.status, 409)
      const after = ((await (await fetch(`${API}/v1/fiat/orders/${order.id}`)).json()) as Json).order
      assert.equal(after.history.filter((h: Json) => h.status === 'completed').length, 1)
      assert.equal((await balance(account, 'ETH')) - before, BigInt(done.cryptoAmount), 'crypto arrived once')

      // Forged: signed with another secret, or not at all.
      const forged = await send(
        event.replace('evt_replay_1', 'evt_forged'),
        signWebhook('whsec_wrong', event),
      )
      assert.equal(forged.status, 401)
      assert.equal(((await forged.json()) as Json).error.code, 'INVALID_SIGNATURE')
      assert.equal((await send(event, '')).status, 401)
      // Stale: a correctly signed event captured long ago.
      const old = event.replace('evt_replay_1', 'evt_old')
      const stale = await send(old, signWebhook(webhookSecret, old, Math.floor(Date.now() / 1000) - 3600))
      assert.equal(stale.status, 409)
      // Unknown order, and an order of another provider.
      const unknown = event
        .replace('evt_replay_1', 'evt_unknown')
        .replace(order.id, '00000000-0000-4000-8000-000000000000')
      const u = await send(unknown, signWebhook(webhookSecret, unknown))
      assert.equal(u.status, 404)
      assert.equal(((await u.json()) as Json).error.code, 'UNKNOWN_ORDER')
      const { webhookSecret: tidalSecret } = await keys('tidal')
      const other = event.replace('evt_replay_1', 'evt_other')
      assert.equal((await send(other, signWebhook(tidalSecret, other), 'tidal')).status, 404)
      assert.equal((await send(other, signWebhook(webhookSecret, other), 'nobody')).status, 404)
    })

    test('behavior: every provider settles a buy of ETH on chain', async () => {
      for (const provider of ['beacon', 'tidal']) {
        const before = await balance(account, 'ETH')
        const { order, widgetUrl } = await createOrder(provider, { fiatAmount: '50' })
        assert.equal((await payAtCheckout(widgetUrl, '4111111111111111')).status, 303)
        const done = await waitForStatus(order.id, ['completed', 'failed'])
        assert.equal(done.status, 'completed', provider)
        assert.equal((await balance(account, 'ETH')) - before, BigInt(done.cryptoAmount), provider)
      }
    })

    test('error: a declined card fails the order and sends nothing', async () => {
      const before = await balance(account, 'ETH')
      const { order, widgetUrl } = await createOrder('beacon')
      const paid = await payAtCheckout(widgetUrl, '4000 0000 0000 0002')
      assert.equal(paid.status, 402)
      assert.match(await paid.text(), /Your card was declined/)
      const done = await waitForStatus(order.id, ['failed', 'completed'])
      assert.equal(done.status, 'failed')
      assert.equal(done.failureReason, 'card_declined')
      await new Promise((r) => setTimeout(r, 300))
      assert.equal(await balance(account, 'ETH'), before)
    })

    test('error: a tampered checkout link is refused by the provider', async () => {
      const { widgetUrl } = await createOrder('tidal')
      const tampered = widgetUrl.replace('fiatAmount=100', 'fiatAmount=10')
      assert.equal((await fetch(tampered)).status, 403)
    })

    test('error: orders outside limits or regions are refused before checkout', async () => {
      const response = await postOrder('tidal', { fiatAmount: '5000' })
      assert.equal(response.status, 400)
      assert.equal(((await response.json()) as Json).error.code, 'AMOUNT_ABOVE_MAXIMUM')
      const evil = await postOrder('tidal', { fiatAmount: '50', redirectUrl: 'https://evil.example/steal' })
      assert.equal(evil.status, 400)
    })

    test('behavior: a sell takes the USDC through a transaction the user signs, then pays out', async () => {
      const sell = { side: 'sell', crypto: 'USDC', fiatAmount: '100' }
      const quoted = await quoteOf('beacon', sell)
      const { order, widgetUrl } = await createOrder('beacon', sell)
      assert.equal(order.feeAmount, quoted.feeAmount)
      assert.equal((await payAtCheckout(widgetUrl, '4242424242424242')).status, 303)
      const waiting = await waitForStatus(order.id, ['waiting_for_deposit'])
      assert.match(waiting.depositAddress, /^0x[0-9a-fA-F]{40}$/)
      const before = await balance(account, 'USDC')
      const early = await fetch(`${API}/v1/fiat/orders/${order.id}/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ txHash: `0x${'ab'.repeat(32)}` }),
      })
      assert.equal(early.status, 502, 'a transaction that did not move the USDC is refused')
      const { wallet, public: client } = devnetClients(manifest, 'ethereum', index + 1)
      const usdc = manifest.networks.ethereum?.tokens.find(
        (t) => t.symbol === 'USDC' && t.safety === 'verified',
      )
      const hash = await wallet.writeContract({
        address: usdc?.address as Address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [waiting.depositAddress, BigInt(waiting.cryptoAmount)],
        account: wallet.account,
        chain: wallet.chain,
      })
      await client.waitForTransactionReceipt({ hash })
      const deposit = await fetch(`${API}/v1/fiat/orders/${order.id}/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ txHash: hash }),
      })
      assert.equal(deposit.status, 202, await deposit.clone().text())
      const done = await waitForStatus(order.id, ['completed', 'failed'])
      assert.equal(done.status, 'completed')
      assert.equal(done.feeAmount, quoted.feeAmount)
      assert.equal(before - (await balance(account, 'USDC')), BigInt(waiting.cryptoAmount))
    })

    test('behavior: an order stored before the fee was kept reads with a null fee after 002_fee_amount; new orders keep theirs', async () => {
      // A database of the released schema (001_orders only) holding an order, then today's steps.
      const old = await database.open(`fiat_upgrade_test_${index}`)
      try {
        assert.deepEqual(
          fiatMigrations.map((m) => m.name),
          ['001_orders', '002_fee_amount'],
        )
        await migrate(old, 'fiat', fiatMigrations.slice(0, 1))
        const id = '00000000-0000-4000-8000-00000000f1a7'
        await old.query(
          `INSERT INTO fiat_orders (id, provider, side, status, country, fiat_currency, fiat_amount, crypto, network, wallet_address)
           VALUES ($1, 'orbit', 'buy', 'created', 'US', 'USD', 100, 'ETH', 'ethereum', $2)`,
          [id, account],
        )
        await migrate(old, 'fiat', fiatMigrations)
        await migrate(old, 'fiat', fiatMigrations) // each step once
        const store = createFiatStore(old)
        const earlier = await store.get(id)
        assert.equal(earlier?.feeAmount, null)
        assert.equal(earlier?.fiatAmount, '100.00')
        const added = await store.create({
          id: '00000000-0000-4000-8000-00000000f1a8',
          provider: 'orbit',
          side: 'buy',
          country: 'US',
          fiatCurrency: 'USD',
          fiatAmount: '100',
          feeAmount: '3.49',
          crypto: 'ETH',
          network: 'ethereum',
          walletAddress: account,
          cryptoAmount: '1',
          etaSeconds: 60,
        })
        assert.equal(added.feeAmount, '3.49')
        const listed = new Map((await store.listByWallet(account, 50)).map((o) => [o.id, o.feeAmount]))
        assert.equal(listed.get(id), null)
        assert.equal(listed.get(added.id), '3.49')
      } finally {
        await old.query(`DROP SCHEMA ${old.schema} CASCADE`).catch(() => {})
        await old.close()
      }
    })

    test('behavior: receive from an exchange sends the chosen amount on chain', async () => {
      const before = await balance(account, 'ETH')
      const response = await fetch(`${API}/v1/fiat/exchange-transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          provider: 'coinbridge',
          network: 'ethereum',
          walletAddress: account,
          redirectUrl: `${WEB_ORIGIN}/`,
        }),
      })
      const { order, widgetUrl }: Json = await response.json()
      assert.equal(order.feeAmount, null, 'an exchange transfer has no provider fee')
      const page = await (await fetch(widgetUrl)).text()
      const widget = /name="widget" value="([^"]*)"/.exec(page)?.[1]?.replaceAll('&#38;', '&') ?? ''
      const sent = await fetch(widgetUrl.split('?')[0] as string, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ widget, asset: 'ETH', amount: '0.5' }).toString(),
      })
      assert.equal(sent.status, 303)
      const done = await waitForStatus(order.id, ['completed', 'failed'])
      assert.equal(done.status, 'completed')
      assert.equal((await balance(account, 'ETH')) - before, 500_000_000_000_000_000n)
    })
  })
}
