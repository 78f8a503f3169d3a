/**
 * The filler's profitability against the real devnet (ethereum, port base 26900) and the order
 * service on PGlite: a decaying (gasless) order whose decayed output leaves the pool's output no
 * room for the fill's gas is left unfilled (though the market covers it) and filled once its decay
 * makes room; one that never makes room is left until it expires; a limit order is filled as soon as
 * the market crosses it, gas or not. Balances and nonces on chain.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { type Devnet, devnetClients, startDevnet } from '@oxbow/devnet'
import { erc20Abi, type NetworkDeployment, permit2Abi } from '@oxbow/protocol'
import { type Address, maxUint256, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createDatabase, type Database } from '../src/db/index.ts'
import { createFiller, type FillableOrder, type Filler } from '../src/orders/filler.ts'
import { createOrdersModule, type OrdersModule } from '../src/orders/index.ts'
import { buildLimitOrder, limitOrderTypedData, orderSubmission } from '../src/orders/limitOrder.ts'
import { type Json, seededToken, silent, testApp } from './kit.ts'
import { marketProbe } from './orderKit.ts'

const PORT_BASE = 26900
const SWAPPER = 3
let devnet: Devnet
let eth: NetworkDeployment
let db: Database
let orders: OrdersModule
let app: ReturnType<typeof testApp>
let filler: Filler
let nonce = 90_000n

const nowSeconds = () => Math.floor(Date.now() / 1000)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const usdc = () => seededToken(eth, 'USDC').address
const dai = () => seededToken(eth, 'DAI').address
const amountIn = parseUnits('1000', 6)

before(async () => {
  devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
  eth = devnet.manifest.networks.ethereum as NetworkDeployment
  db = await createDatabase({})
  orders = await createOrdersModule({
    manifest: devnet.manifest,
    db,
    log: silent,
    trackIntervalMs: 3_600_000,
  })
  app = testApp([orders])
  await orders.tracker.sync()
  filler = createFiller({ deployment: eth, log: process.env.DEBUG_FILLER ? console : silent })
  const { wallet, public: client } = devnetClients(devnet.manifest, 'ethereum', SWAPPER)
  await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: usdc(),
      abi: erc20Abi,
      functionName: 'approve',
      args: [eth.contracts.permit2, maxUint256],
    }),
  })
})
after(async () => {
  await orders?.close?.()
  await db?.close()
  await devnet?.stop()
})

/** What the best pool pays for `amountIn` USDC in DAI now. */
async function poolOut(): Promise<bigint> {
  const route = await filler.bestRoute(marketProbe(eth, usdc(), amountIn, dai()))
  assert.ok(route, 'a pool prices USDC -> DAI')
  return route.amountOut
}

/** Signs and submits an order of `amountIn` USDC for DAI; a decay makes it a gasless order. */
async function submit(terms: {
  outputAmount: bigint
  deadline: number
  decay?: { outputStartAmount: bigint; startTime: number; endTime: number }
}): Promise<FillableOrder> {
  const account = privateKeyToAccount(devnet.manifest.accounts[SWAPPER]!.privateKey)
  const order = buildLimitOrder({
    chainId: eth.chainId,
    reactor: eth.contracts.exclusiveDutchOrderReactor,
    permit2: eth.contracts.permit2,
    swapper: account.address,
    nonce: nonce++,
    inputToken: usdc(),
    inputAmount: amountIn,
    outputToken: dai(),
    ...terms,
  })
  const res = await app.request('/v1/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(orderSubmission(order, await account.signTypedData(limitOrderTypedData(order)))),
  })
  const json: Json = await res.json()
  assert.equal(res.status, 201, JSON.stringify(json))
  return json.order as FillableOrder
}

async function status(order: FillableOrder): Promise<string> {
  await orders.tracker.sync()
  const json: Json = await (await app.request(`/v1/orders/${order.orderHash}`)).json()
  return json.order.orderStatus
}

async function nonceUsed(n: bigint, owner: Address): Promise<boolean> {
  const client = devnetClients(devnet.manifest, 'ethereum', SWAPPER).public
  const bitmap = await client.readContract({
    address: eth.contracts.permit2,
    abi: permit2Abi,
    functionName: 'nonceBitmap',
    args: [owner, n >> 8n],
  })
  return ((bitmap >> (n & 0xffn)) & 1n) === 1n
}

test('behavior: a decaying order the market covers but whose surplus does not pay the gas waits; filled once its decay pays it', async () => {
  const market = await poolOut()
  const now = nowSeconds()
  // crossed from the start (the pool pays 1 unit more than the start output), no room for gas;
  // the output holds for 20 s (so a slow, loaded machine still sees it unprofitable first), then
  // falls 2 % over 300 s, so the surplus pays the fill's gas within seconds of the decay starting
  const order = await submit({
    outputAmount: (market * 98n) / 100n,
    deadline: now + 420,
    decay: { outputStartAmount: market - 1n, startTime: now + 20, endTime: now + 320 },
  })
  assert.deepEqual(await filler.fillCrossed([order]), [], 'not filled while unprofitable')
  assert.equal(await status(order), 'opened')
  let passes = 1
  let filled: Awaited<ReturnType<Filler['fillCrossed']>> = []
  while (filled.length === 0 && nowSeconds() < now + 140) {
    await sleep(1000)
    passes++
    filled = await filler.fillCrossed([order])
  }
  assert.equal(filled.length, 1, 'filled once the decay made room for the gas')
  assert.ok(passes > 1)
  const client = devnetClients(devnet.manifest, 'ethereum', SWAPPER).public
  const receipt = await client.getTransactionReceipt({ hash: filled[0]!.txHash })
  assert.equal(receipt.status, 'success')
  assert.equal(await status(order), 'executed')
})

test('behavior: a decaying order whose surplus never pays the gas is left until it expires', async () => {
  const market = await poolOut()
  const now = nowSeconds()
  const owner = privateKeyToAccount(devnet.manifest.accounts[SWAPPER]!.privateKey).address
  const n = nonce
  const order = await submit({
    outputAmount: market - 2n,
    deadline: now + 14,
    decay: { outputStartAmount: market - 1n, startTime: now, endTime: now + 4 },
  })
  while (nowSeconds() <= now + 14) {
    assert.deepEqual(await filler.fillCrossed([order]), [], 'never filled')
    await sleep(1000)
  }
  assert.equal(await nonceUsed(n, owner), false, 'the nonce is unused')
  // the tracker expires orders once a block is past their deadline
  await devnetClients(devnet.manifest, 'ethereum', SWAPPER).test.mine({ blocks: 1 })
  assert.equal(await status(order), 'expired')
})

test('behavior: a limit order is filled as soon as the market crosses it, whatever the gas', async () => {
  const market = await poolOut()
  const order = await submit({ outputAmount: market - 1n, deadline: nowSeconds() + 3600 })
  const filled = await filler.fillCrossed([order])
  assert.equal(filled.length, 1, 'filled at the first pass')
  assert.equal(await status(order), 'executed')
})
