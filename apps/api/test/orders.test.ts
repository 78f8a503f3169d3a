/**
 * The order service and the filler against the real devnet (ethereum and base, port base 22600),
 * once with embedded PGlite and once with a PostgreSQL server: orders signed with viem by a test
 * account, hostile submissions refused with typed 4xx and nothing stored, a limit order filled by
 * the filler after another account's trades moved the market past it (balances checked on chain),
 * a cancel by Permit2 nonce invalidation, and an expiry.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import {
  devnetClients,
  postgresSkipReason,
  revert,
  snapshot,
  startDevnet,
  startTestPostgres,
} from '@oxbow/devnet'
import { erc20Abi, type Manifest, type NetworkDeployment, permit2Abi } from '@oxbow/protocol'
import type { Hono } from 'hono'
import { type Address, type Hex, maxUint256, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createDatabase, type Database, type DatabaseOptions } from '../src/db/index.ts'
import { createFiller, type FillableOrder, type Route } from '../src/orders/filler.ts'
import { createOrdersModule, type OrdersModule } from '../src/orders/index.ts'
import { testApp } from './kit.ts'
import { marketProbe, signedLimitOrder, wethSeller } from './orderKit.ts'

const PORT_BASE = 22600
let manifest: Manifest
let eth: NetworkDeployment
let stopDevnet: () => Promise<void>

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field by the assertions
type Json = any

const silent = { info: () => {}, error: (m: string, f?: unknown) => console.error(m, f) }

before(async () => {
  const devnet = await startDevnet({ networks: ['ethereum', 'base'], portBase: PORT_BASE })
  manifest = devnet.manifest
  stopDevnet = devnet.stop
  eth = manifest.networks.ethereum as NetworkDeployment
})
after(async () => {
  await stopDevnet?.()
})

function token(symbol: string, network: NetworkDeployment = eth): Address {
  const found = network.tokens.find((t) => t.symbol === symbol)
  if (!found) throw new Error(`no ${symbol}`)
  return found.address
}

const swapperIndex = 1
const traderIndex = 2
const swapper = () => devnetClients(manifest, 'ethereum', swapperIndex)
const nowSeconds = () => Math.floor(Date.now() / 1000)
let nextNonce = 1000n

/** The swapper cancels its orders of Permit2 `nonce` by invalidating the nonce on chain; the transaction's hash. */
async function invalidateNonce(nonce: bigint): Promise<Hex> {
  const { wallet, public: client } = swapper()
  const tx = await wallet.writeContract({
    address: eth.contracts.permit2,
    abi: permit2Abi,
    functionName: 'invalidateUnorderedNonces',
    args: [nonce >> 8n, 1n << (nonce & 0xffn)],
  })
  await client.waitForTransactionReceipt({ hash: tx })
  return tx
}

interface OrderOptions {
  inputToken?: Address
  inputAmount?: bigint
  outputToken?: Address
  outputAmount?: bigint
  deadline?: number
  nonce?: bigint
  reactor?: Address
  chainId?: number
  signerIndex?: number
  swapperIndex?: number
}

async function signedOrder(o: OrderOptions = {}) {
  const signer = privateKeyToAccount(
    manifest.accounts[o.signerIndex ?? o.swapperIndex ?? swapperIndex]!.privateKey,
  )
  return signedLimitOrder(eth, signer, {
    ...(o.chainId === undefined ? {} : { chainId: o.chainId }),
    ...(o.reactor === undefined ? {} : { reactor: o.reactor }),
    swapper: manifest.accounts[o.swapperIndex ?? swapperIndex]!.address,
    nonce: o.nonce ?? nextNonce++,
    deadline: o.deadline ?? nowSeconds() + 7 * 86_400,
    inputToken: o.inputToken ?? token('USDC'),
    inputAmount: o.inputAmount ?? parseUnits('1000', 6),
    outputToken: o.outputToken ?? token('WETH'),
    outputAmount: o.outputAmount ?? parseUnits('1', 18),
  })
}

async function approvePermit2(tokenAddress: Address, amount: bigint, index = swapperIndex): Promise<void> {
  const { wallet, public: client } = devnetClients(manifest, 'ethereum', index)
  const hash = await wallet.writeContract({
    address: tokenAddress,
    abi: erc20Abi,
    functionName: 'approve',
    args: [eth.contracts.permit2, amount],
  })
  await client.waitForTransactionReceipt({ hash })
}

function balanceOf(tokenAddress: Address, owner: Address): Promise<bigint> {
  return swapper().public.readContract({
    address: tokenAddress,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

/** Each store: where its database lives (reopened by the restart test) and how to remove it. */
const stores: {
  kind: string
  open: () => Promise<{ options: DatabaseOptions; stop: () => Promise<void> }>
  skip: string | false
}[] = [
  {
    kind: 'PGlite',
    skip: false,
    open: async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'oxbow-orders-test-'))
      return { options: { dataDir }, stop: async () => rmSync(dataDir, { recursive: true, force: true }) }
    },
  },
  {
    kind: 'PostgreSQL',
    skip: postgresSkipReason(),
    open: async () => {
      const server = await startTestPostgres()
      return { options: { url: server.url }, stop: () => server.stop() }
    },
  },
]

for (const store of stores) {
  describe(`orders on ${store.kind}`, { skip: store.skip }, () => {
    let app: Hono
    let orders: OrdersModule
    let db: Database
    let stopDb: () => Promise<void>
    let dbOptions: DatabaseOptions
    let chainSnapshot: Hex

    /** The API as the server builds it, on the store's database. */
    async function startApi(): Promise<void> {
      db = await createDatabase(dbOptions)
      orders = await createOrdersModule({ manifest, db, log: silent, trackIntervalMs: 3_600_000 })
      app = testApp([orders])
    }
    async function stopApi(): Promise<void> {
      await orders.close?.()
      await db.close()
    }

    before(async () => {
      chainSnapshot = await snapshot(eth.rpcUrl)
      ;({ options: dbOptions, stop: stopDb } = await store.open())
      await startApi()
      await orders.tracker.sync() // the cursor starts here
    })
    after(async () => {
      await stopApi()
      await stopDb?.()
      await revert(eth.rpcUrl, chainSnapshot)
    })

    const post = (body: unknown, raw?: string) =>
      app.request('/v1/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: raw ?? JSON.stringify(body),
      })
    const storedCount = async () =>
      Number((await db.query<{ n: string | number }>('SELECT count(*) AS n FROM orders'))[0]?.n)

    async function refused(body: unknown, status: number, code: string, raw?: string): Promise<Json> {
      const before = await storedCount()
      const response = await post(body, raw)
      const json: Json = await response.json()
      assert.equal(response.status, status, JSON.stringify(json))
      assert.equal(json.error.code, code)
      assert.equal(await storedCount(), before, 'nothing stored')
      return json
    }

    test('error: no Permit2 allowance, then accepted once approved', async () => {
      await approvePermit2(token('USDC'), 0n)
      const { body } = await signedOrder()
      const json = await refused(body, 400, 'INSUFFICIENT_ALLOWANCE')
      assert.equal(json.error.details[0].path, 'input.token')
      await approvePermit2(token('USDC'), maxUint256)
      await approvePermit2(token('WETH'), maxUint256)
      const response = await post(body)
      assert.equal(response.status, 201)
    })

    test('behavior: an accepted order is listed with its status history', async () => {
      const { body, hash, order } = await signedOrder({ inputAmount: parseUnits('250', 6) })
      const response = await post(body)
      const json: Json = await response.json()
      assert.equal(response.status, 201, JSON.stringify(json))
      assert.equal(json.order.orderHash, hash)
      assert.equal(json.order.orderStatus, 'opened')
      assert.equal(json.order.input.amount, '250000000')
      assert.equal(json.order.nonce, order.info.nonce.toString())
      const list: Json = await (
        await app.request(`/v1/orders?swapper=${manifest.accounts[swapperIndex]!.address}`)
      ).json()
      assert.ok(list.orders.some((o: Json) => o.orderHash === hash))
      assert.equal(list.openOrders, list.orders.filter((o: Json) => o.orderStatus === 'opened').length)
      const one: Json = await (await app.request(`/v1/orders/${hash}`)).json()
      assert.deepEqual(
        one.history.map((h: Json) => h.status),
        ['opened'],
      )
    })

    test('behavior: an order prepared by the API, signed as given, is accepted; bad prepare bodies are typed 4xx', async () => {
      // on its own too (the first test sets this up for the file)
      await approvePermit2(token('USDC'), maxUint256)
      const owner = manifest.accounts[swapperIndex]!
      const terms = {
        chainId: eth.chainId,
        swapper: owner.address,
        inputToken: token('USDC'),
        inputAmount: parseUnits('300', 6).toString(),
        outputToken: token('WETH'),
        outputAmount: parseUnits('1', 18).toString(),
        deadline: nowSeconds() + 86_400,
      }
      const prepare = (body: unknown) =>
        app.request('/v1/orders/prepare', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      const response = await prepare(terms)
      const prepared: Json = await response.json()
      assert.equal(response.status, 200, JSON.stringify(prepared))
      // JSON amounts back to bigint, as a wallet client does
      const numbers = (value: unknown): unknown =>
        typeof value === 'string' && /^\d+$/.test(value)
          ? BigInt(value)
          : Array.isArray(value)
            ? value.map(numbers)
            : value && typeof value === 'object'
              ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numbers(v)]))
              : value
      const { typedData } = prepared
      assert.equal(typedData.message.spender, eth.contracts.exclusiveDutchOrderReactor)
      const signature = await privateKeyToAccount(owner.privateKey).signTypedData({
        domain: typedData.domain,
        types: typedData.types,
        primaryType: typedData.primaryType,
        message: numbers(typedData.message) as Record<string, unknown>,
      })
      const posted = await post({ chainId: eth.chainId, encodedOrder: prepared.encodedOrder, signature })
      const json: Json = await posted.json()
      assert.equal(posted.status, 201, JSON.stringify(json))
      assert.equal(json.order.orderHash, prepared.orderHash)
      assert.equal(json.order.output.amount, terms.outputAmount)

      const before = await storedCount()
      for (const [body, status, code] of [
        [{ ...terms, inputAmount: '-1' }, 400, 'INVALID_INPUT'],
        [{ ...terms, swapper: 'alice' }, 400, 'INVALID_INPUT'],
        [{ ...terms, extra: 1 }, 400, 'INVALID_INPUT'],
        [{ ...terms, chainId: 8453 }, 400, 'UNSUPPORTED_NETWORK'],
      ] as const) {
        const refusedPrepare = await prepare(body)
        const error: Json = await refusedPrepare.json()
        assert.equal(refusedPrepare.status, status, JSON.stringify(error))
        assert.equal(error.error.code, code)
      }
      assert.equal(await storedCount(), before, 'preparing stores nothing')
    })

    test('error: forged signature (signed by another account)', async () => {
      const { body } = await signedOrder({ signerIndex: 3 })
      const json = await refused(body, 400, 'INVALID_ORDER_SIGNATURE')
      assert.equal(json.error.details[0].path, 'signature')
    })

    test('error: signature that is not one', async () => {
      const { body } = await signedOrder()
      await refused({ ...body, signature: '0x1234' }, 400, 'INVALID_ORDER_SIGNATURE')
    })

    test('error: replayed order (the same signed order twice)', async () => {
      const { body } = await signedOrder()
      assert.equal((await post(body)).status, 201)
      await refused(body, 409, 'NONCE_USED')
    })

    test('error: another order reusing a submitted nonce', async () => {
      const first = await signedOrder()
      assert.equal((await post(first.body)).status, 201)
      const again = await signedOrder({ nonce: BigInt(first.order.info.nonce.toString()), inputAmount: 7n })
      await refused(again.body, 409, 'NONCE_USED')
    })

    test('error: a network without limit orders', async () => {
      const base = manifest.networks.base as NetworkDeployment
      const { body } = await signedOrder({ chainId: base.chainId })
      await refused(body, 400, 'UNSUPPORTED_NETWORK')
    })

    test('error: signed for another chain, submitted for this one', async () => {
      const base = manifest.networks.base as NetworkDeployment
      const { body } = await signedOrder({ chainId: base.chainId })
      await refused({ ...body, chainId: eth.chainId }, 400, 'INVALID_ORDER_SIGNATURE')
    })

    test('error: wrong reactor', async () => {
      const { body } = await signedOrder({ reactor: eth.contracts.orderQuoter })
      const json = await refused(body, 400, 'INVALID_ORDER')
      assert.equal(json.error.details[0].path, 'reactor')
    })

    test('error: expired deadline', async () => {
      const { body } = await signedOrder({ deadline: nowSeconds() - 1 })
      await refused(body, 400, 'ORDER_EXPIRED')
    })

    test('error: amount that overflows', async () => {
      const { body } = await signedOrder({ inputAmount: maxUint256 })
      const json = await refused(body, 400, 'INVALID_ORDER')
      assert.equal(json.error.details[0].path, 'input.amount')
    })

    test('error: more than the swapper holds', async () => {
      const { body } = await signedOrder({ inputAmount: parseUnits('1000000000', 6) })
      await refused(body, 400, 'INSUFFICIENT_BALANCE')
    })

    test('error: unlisted token', async () => {
      const { body } = await signedOrder({ outputToken: eth.contracts.v2Factory })
      await refused(body, 400, 'UNSUPPORTED_TOKEN')
    })

    test('error: malformed JSON, wrong media type, bad fields, huge body', async () => {
      await refused(null, 400, 'INVALID_JSON', '{"chainId": 1,')
      const before = await storedCount()
      const wrongType = await app.request('/v1/orders', { method: 'POST', body: '{}' })
      assert.equal(wrongType.status, 415)
      await refused({ chainId: eth.chainId, encodedOrder: 'zz', signature: '0x00' }, 400, 'INVALID_INPUT')
      await refused({ chainId: eth.chainId, encodedOrder: '0x1234', signature: '0x00' }, 400, 'INVALID_ORDER')
      await refused(
        null,
        413,
        'PAYLOAD_TOO_LARGE',
        JSON.stringify({ chainId: 1, encodedOrder: `0x${'00'.repeat(40_000)}` }),
      )
      assert.equal(await storedCount(), before)
    })

    test('error: the 101st open order', async () => {
      const index = 4
      await approvePermit2(token('USDC'), maxUint256, index)
      const open = async () =>
        (
          (await (
            await app.request(`/v1/orders?swapper=${manifest.accounts[index]!.address}`)
          ).json()) as Json
        ).openOrders
      for (let i = 0; i < 100; i++) {
        const { body } = await signedOrder({ swapperIndex: index, inputAmount: 1_000_000n + BigInt(i) })
        const response = await post(body)
        assert.equal(response.status, 201)
      }
      assert.equal(await open(), 100)
      const { body } = await signedOrder({ swapperIndex: index })
      const json = await refused(body, 409, 'TOO_MANY_OPEN_ORDERS')
      assert.equal(json.error.details.openOrders, 100)
    })

    test('behavior: the filler fills a limit order once the market crosses it; balances on chain', async () => {
      const client = swapper().public
      const owner = manifest.accounts[swapperIndex]!.address
      const filler = createFiller({ deployment: eth, log: silent })
      const usdc = token('USDC')
      const weth = token('WETH')
      const inputAmount = parseUnits('2000', 6)
      // The limit: 1 % more WETH than the best pool gives now, so it does not fill yet.
      const probe = marketProbe(eth, usdc, inputAmount, weth)
      const market = (await filler.bestRoute(probe)) as Route
      assert.ok(market)
      const outputAmount = (market.amountOut * 101n) / 100n
      const { body, hash } = await signedOrder({ inputAmount, outputAmount })
      const postResponse = await post(body)
      assert.equal(postResponse.status, 201)
      const listed = async (): Promise<FillableOrder[]> =>
        (
          (await (
            await app.request(`/v1/orders?chainId=${eth.chainId}&status=opened&limit=1000`)
          ).json()) as Json
        ).orders
      assert.deepEqual(await filler.fillCrossed(await listed()), [], 'not crossed yet: nothing filled')

      // Another account sells WETH for USDC on the pool the filler would use until it crosses.
      const trader = await wethSeller(manifest, eth, traderIndex)
      let crossedAt = 0n
      let sell = parseUnits('5', 18)
      for (let i = 0; i < 12; i++, sell *= 2n) {
        const best = (await filler.bestRoute({
          ...probe,
          output: { token: weth, amount: outputAmount.toString() },
        }))!
        if (best.amountOut >= outputAmount) {
          crossedAt = await client.getBlockNumber()
          break
        }
        await trader.sell(best, usdc, sell, nowSeconds() + 600)
      }
      assert.ok(crossedAt > 0n, 'the trades moved the market past the limit')

      const usdcBefore = await balanceOf(usdc, owner)
      const wethBefore = await balanceOf(weth, owner)
      const fills = await filler.fillCrossed(await listed())
      const fill = fills.find((f) => f.orderHash === hash)
      assert.ok(fill, 'filled')
      assert.ok(
        fill.blockNumber - crossedAt <= 2n,
        `filled ${fill.blockNumber - crossedAt} blocks after crossing`,
      )
      assert.equal(usdcBefore - (await balanceOf(usdc, owner)), inputAmount)
      assert.ok((await balanceOf(weth, owner)) - wethBefore >= outputAmount)

      await orders.tracker.sync()
      const one: Json = await (await app.request(`/v1/orders/${hash}`)).json()
      assert.equal(one.order.orderStatus, 'executed')
      assert.equal(one.order.txHash, fill.txHash)
      assert.deepEqual(
        one.history.map((h: Json) => h.status),
        ['opened', 'executed'],
      )
      // A restarted filler (a new one, no memory) does not fill it again: the nonce is used.
      const again = createFiller({ deployment: eth, log: silent })
      const stale = await listed()
      const order = one.order as FillableOrder
      assert.deepEqual(await again.fillCrossed([...stale, order]), [])
      assert.equal(usdcBefore - (await balanceOf(usdc, owner)), inputAmount)
    })

    test('behavior: crossed orders of one pair fill together in one transaction', async () => {
      const filler = createFiller({ deployment: eth, log: silent })
      const usdc = token('USDC')
      const weth = token('WETH')
      const inputAmount = parseUnits('50', 6)
      const probe = marketProbe(eth, usdc, inputAmount, weth)
      const market = (await filler.bestRoute(probe)) as Route
      const outputAmount = (market.amountOut * 98n) / 100n // already crossed
      const accounts = [5, 6, 7]
      const hashes: Hex[] = []
      for (const index of accounts) {
        await approvePermit2(usdc, maxUint256, index)
        const { body, hash } = await signedOrder({ swapperIndex: index, inputAmount, outputAmount })
        assert.equal((await post(body)).status, 201)
        hashes.push(hash)
      }
      const before = await Promise.all(accounts.map((i) => balanceOf(weth, manifest.accounts[i]!.address)))
      const open: FillableOrder[] = (
        (await (
          await app.request(`/v1/orders?chainId=${eth.chainId}&status=opened&limit=1000`)
        ).json()) as Json
      ).orders.filter((o: Json) => hashes.includes(o.orderHash))
      const fills = await filler.fillCrossed(open)
      assert.deepEqual(fills.map((f) => f.orderHash).sort(), [...hashes].sort())
      assert.equal(new Set(fills.map((f) => f.txHash)).size, 1, 'one transaction')
      for (const [k, index] of accounts.entries()) {
        const gained = (await balanceOf(weth, manifest.accounts[index]!.address)) - (before[k] as bigint)
        assert.ok(gained >= outputAmount, `account ${index} got its limit`)
      }
      await orders.tracker.sync()
      for (const hash of hashes) {
        const one: Json = await (await app.request(`/v1/orders/${hash}`)).json()
        assert.equal(one.order.orderStatus, 'executed')
      }
    })

    test('behavior: cancel by Permit2 nonce invalidation is recorded and the nonce is used on chain', async () => {
      const nonce = 5n * 256n + 7n
      const { body, hash } = await signedOrder({ nonce, inputAmount: parseUnits('10', 6) })
      assert.equal((await post(body)).status, 201)
      const tx = await invalidateNonce(nonce)
      const { wallet, public: client } = swapper()
      const bitmap = await client.readContract({
        address: eth.contracts.permit2,
        abi: permit2Abi,
        functionName: 'nonceBitmap',
        args: [wallet.account.address, nonce >> 8n],
      })
      assert.equal((bitmap >> (nonce & 0xffn)) & 1n, 1n)
      await orders.tracker.sync()
      const one: Json = await (await app.request(`/v1/orders/${hash}`)).json()
      assert.equal(one.order.orderStatus, 'canceled')
      assert.equal(one.order.txHash, tx)
      // A resubmission of the canceled order is refused by the chain's nonce.
      await db.query('DELETE FROM order_status_history WHERE order_hash = $1', [hash])
      await db.query('DELETE FROM orders WHERE order_hash = $1', [hash])
      await refused(body, 409, 'NONCE_USED')
    })

    test('behavior: a restarted API keeps its orders and records a cancel made while it was down', async () => {
      const nonce = 9n * 256n + 1n
      const { body, hash } = await signedOrder({ nonce, inputAmount: parseUnits('4', 6) })
      assert.equal((await post(body)).status, 201)
      await stopApi()
      const tx = await invalidateNonce(nonce)
      await swapper().test.mine({ blocks: 3 })
      await startApi()
      const stored: Json = await (await app.request(`/v1/orders/${hash}`)).json()
      assert.equal(stored.order.orderStatus, 'opened', 'kept across the restart')
      await orders.tracker.sync()
      const one: Json = await (await app.request(`/v1/orders/${hash}`)).json()
      assert.equal(one.order.orderStatus, 'canceled', 'the blocks mined while down were read')
      assert.equal(one.order.txHash, tx)
    })

    test('behavior: an order past its deadline becomes expired', async () => {
      const { body, hash } = await signedOrder({
        deadline: nowSeconds() + 20,
        inputAmount: parseUnits('3', 6),
      })
      assert.equal((await post(body)).status, 201)
      const { test: testClient } = swapper()
      const head = await swapper().public.getBlock()
      // An hour past both clocks: a devnet restored from an older dump runs behind the wall clock
      // the deadline was set by.
      const later = (head.timestamp > BigInt(nowSeconds()) ? head.timestamp : BigInt(nowSeconds())) + 3600n
      await testClient.setNextBlockTimestamp({ timestamp: later })
      await testClient.mine({ blocks: 1 })
      await orders.tracker.sync()
      const one: Json = await (await app.request(`/v1/orders/${hash}`)).json()
      assert.equal(one.order.orderStatus, 'expired')
    })
  })
}
