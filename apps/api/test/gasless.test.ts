/**
 * Gasless swaps against the real devnet (ethereum, port base 24100), trading and order modules in
 * one app on PGlite: the quote's order route (offered for an exact-input ERC-20 sell where the
 * registry says so, decaying from the classic output minus the filler's gas to the slippage
 * floor; never for native input, exact output, a native output or when the client opts out),
 * decaying orders refused with typed 4xx and nothing stored, and one built by
 * POST /v1/orders/prepare, signed, accepted and filled by the filler while the swapper spends no
 * ETH (balances on chain). The API as the server wires it (createModules) offers the route only
 * while the filler is live: after a heartbeat signed by its key, for FILLER_LIVE_SECONDS; forged,
 * stale, replayed and malformed heartbeats are typed 4xx; OXBOW_GASLESS_SWAPS=off still offers none.
 */
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { getNetwork } from '@oxbow/chains'
import { devnetClients } from '@oxbow/devnet'
import { erc20Abi, type NetworkDeployment } from '@oxbow/protocol'
import { type Address, type Hex, maxUint256, parseUnits, type TypedDataDefinition } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { readConfig } from '../src/config.ts'
import { createDatabase, type Database } from '../src/db/index.ts'
import { createModules } from '../src/modules.ts'
import { createFiller, type FillableOrder } from '../src/orders/filler.ts'
import { FILLER_LIVE_SECONDS, FillerLiveness, fillerHeartbeatMessage } from '../src/orders/fillerLiveness.ts'
import { GASLESS_DEADLINE_SECONDS, GASLESS_DECAY_SECONDS } from '../src/orders/gasless.ts'
import { createOrdersModule, type OrdersModule } from '../src/orders/index.ts'
import { buildLimitOrder, limitOrderTypedData, orderSubmission } from '../src/orders/limitOrder.ts'
import { TradingService } from '../src/trading/service.ts'
import { type Json, seededToken, silent, startTradingKit, type TradingKit, testApp } from './kit.ts'

const PORT_BASE = 24100
let kit: TradingKit
let eth: NetworkDeployment
let db: Database
let orders: OrdersModule
let app: ReturnType<typeof testApp>

const swapperIndex = 3
const nowSeconds = () => Math.floor(Date.now() / 1000)
const usdc = () => seededToken(eth, 'USDC').address
const weth = () => eth.contracts.weth9
/** USDC -> DAI: the devnet's best route is one v2 pool, which our filler reproduces. */
const dai = () => seededToken(eth, 'DAI').address

before(async () => {
  kit = await startTradingKit({ portBase: PORT_BASE })
  eth = kit.deployment
  db = await createDatabase({})
  orders = await createOrdersModule({ manifest: kit.manifest, db, log: silent, trackIntervalMs: 3_600_000 })
  app = testApp([kit.trading, orders])
  await orders.tracker.sync()
})
after(async () => {
  await orders?.close?.()
  await db?.close()
  await kit?.stop()
})

async function post(path: string, body: unknown): Promise<{ status: number; json: Json }> {
  const res = await app.request(`/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: await res.json() }
}

const quote = (body: Record<string, unknown>) =>
  post('/quote', { network: 'ethereum', type: 'EXACT_INPUT', slippage: 'auto', ...body })

async function approvePermit2(token: Address, amount: bigint, index = swapperIndex): Promise<void> {
  const { wallet, public: client } = devnetClients(kit.manifest, 'ethereum', index)
  await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [eth.contracts.permit2, amount],
    }),
  })
}

/** `account` signs the order POST /orders/prepare answered and submits it to POST /orders. */
async function signAndSubmit(
  account: ReturnType<typeof privateKeyToAccount>,
  prepared: Json,
): Promise<{ status: number; json: Json }> {
  const typed = prepared.typedData
  const signature = await account.signTypedData({
    ...typed,
    domain: { ...typed.domain, chainId: Number(typed.domain.chainId) },
  } as unknown as TypedDataDefinition)
  return post('/orders', { chainId: eth.chainId, encodedOrder: prepared.encodedOrder, signature })
}

const storedCount = async () =>
  Number((await db.query<{ n: string | number }>('SELECT count(*) AS n FROM orders'))[0]?.n)

describe('the quote offers the gasless order route', () => {
  test('behavior: an exact-input USDC sell on Ethereum gets a Dutch order better than classic after gas', async () => {
    const { status, json } = await quote({ tokenIn: usdc(), tokenOut: dai(), amount: '2000000000' })
    assert.equal(status, 200, JSON.stringify(json))
    assert.equal(json.routing, 'CLASSIC', 'the classic route stays, for the fallback')
    const g = json.gasless
    assert.ok(g, 'the order route is offered')
    assert.equal(g.routing, 'DUTCH')
    assert.equal(g.reactor, eth.contracts.exclusiveDutchOrderReactor)
    assert.equal(g.decaySeconds, GASLESS_DECAY_SECONDS)
    assert.equal(g.deadlineSeconds, GASLESS_DEADLINE_SECONDS)
    assert.ok(g.fillerGas.estimate < json.gas.estimate, 'the filler spends less gas than the classic swap')
    assert.equal(BigInt(g.outputStartAmount), BigInt(json.amountOut) - BigInt(g.fillerGas.costInTokenOut))
    assert.equal(g.outputEndAmount, json.minimumAmountOut, 'it decays to the slippage floor')
    assert.ok(BigInt(g.outputStartAmount) > BigInt(g.outputEndAmount))
    assert.equal(BigInt(g.fillerGas.costWei), BigInt(g.fillerGas.estimate) * BigInt(json.gas.gasPriceWei))
    assert.ok(g.estimatedFillSeconds > 0 && g.estimatedFillSeconds <= g.deadlineSeconds)
  })

  test('behavior: not offered where our filler cannot match the classic route (a two-hop route)', async () => {
    // DAI has no WETH pool (USDC -> WETH, once routed through two drifted pools, now takes the one
    // direct pool since the seed arbitrages its pools to one price)
    const { json } = await quote({ tokenIn: dai(), tokenOut: weth(), amount: '2000000000000000000000' })
    assert.ok(json.route[0].hops.length > 1, 'the devnet routes DAI -> WETH through two pools')
    assert.equal(json.gasless, undefined)
  })

  test('behavior: classic only for native input, exact output, native output, a client opting out', async () => {
    const cases = [
      { tokenIn: 'ETH', tokenOut: usdc(), amount: '1000000000000000000' },
      { tokenIn: usdc(), tokenOut: weth(), amount: '100000000000000000', type: 'EXACT_OUTPUT' },
      { tokenIn: usdc(), tokenOut: 'ETH', amount: '2000000000' },
      { tokenIn: usdc(), tokenOut: dai(), amount: '2000000000', gasless: false },
      { tokenIn: weth(), tokenOut: 'ETH', amount: '1000000000000000000' },
    ]
    for (const body of cases) {
      const { status, json } = await quote(body)
      assert.equal(status, 200, JSON.stringify(json))
      assert.equal(json.gasless, undefined, JSON.stringify(body))
    }
  })

  test('behavior: none where the deployment runs no filler (OXBOW_GASLESS_SWAPS=off)', async () => {
    const { json } = await quote({ tokenIn: usdc(), tokenOut: dai(), amount: '2000000000' })
    assert.ok(json.gasless, 'offered by the default service')
    const off = new TradingService(kit.manifest, undefined, { gaslessSwaps: false })
    await off.start()
    try {
      assert.equal(off.gaslessRoute({ network: 'ethereum', recipient: undefined }, json), undefined)
    } finally {
      await off.stop()
    }
    assert.equal(readConfig({ OXBOW_GASLESS_SWAPS: 'off' }).OXBOW_GASLESS_SWAPS, 'off')
    assert.throws(() => readConfig({ OXBOW_GASLESS_SWAPS: 'maybe' }), /OXBOW_GASLESS_SWAPS/)
  })

  test('behavior: only where the registry offers gasless swaps', () => {
    assert.equal(getNetwork('ethereum').capabilities.gaslessSwaps, true)
    assert.equal(getNetwork('base').capabilities.gaslessSwaps, false)
  })
})

describe('gasless orders at the order service', () => {
  const signer = () => privateKeyToAccount(kit.manifest.accounts[swapperIndex]!.privateKey)
  let nonce = 7_000n

  /** A decaying order signed by `signerIndex` (default the swapper) with `terms` changed. */
  async function decaying(
    terms: {
      startAmount?: bigint
      endAmount?: bigint
      startTime?: number
      endTime?: number
      deadline?: number
      inputAmount?: bigint
      chainId?: number
    } = {},
    signerIndex = swapperIndex,
  ) {
    const now = nowSeconds()
    const order = buildLimitOrder({
      chainId: terms.chainId ?? eth.chainId,
      reactor: eth.contracts.exclusiveDutchOrderReactor,
      permit2: eth.contracts.permit2,
      swapper: signer().address,
      nonce: nonce++,
      deadline: terms.deadline ?? now + 90,
      inputToken: usdc(),
      inputAmount: terms.inputAmount ?? parseUnits('100', 6),
      outputToken: weth(),
      outputAmount: terms.endAmount ?? parseUnits('0.03', 18),
      decay: {
        outputStartAmount: terms.startAmount ?? parseUnits('0.032', 18),
        startTime: terms.startTime ?? now,
        endTime: terms.endTime ?? now + 60,
      },
    })
    const account = privateKeyToAccount(kit.manifest.accounts[signerIndex]!.privateKey)
    return orderSubmission(order, await account.signTypedData(limitOrderTypedData(order)))
  }

  async function refused(body: unknown, status: number, code: string, path?: string): Promise<void> {
    const before = await storedCount()
    const { status: got, json } = await post('/orders', body)
    assert.equal(got, status, JSON.stringify(json))
    assert.equal(json.error.code, code)
    if (path) assert.equal(json.error.details[0].path, path)
    assert.equal(await storedCount(), before, 'nothing stored')
  }

  test('error: bad decaying orders are typed 4xx and nothing is stored', async () => {
    await approvePermit2(usdc(), 0n)
    await refused(await decaying(), 400, 'INSUFFICIENT_ALLOWANCE', 'input.token')
    await approvePermit2(usdc(), maxUint256)
    const now = nowSeconds()
    await refused(
      await decaying({ startAmount: 1n, endAmount: 2n }),
      400,
      'INVALID_ORDER',
      'outputs.0.startAmount',
    )
    await refused(await decaying({ startTime: now + 60, endTime: now }), 400, 'INVALID_ORDER', 'decayEndTime')
    await refused(
      await decaying({ endTime: now + 700, deadline: now + 800 }),
      400,
      'INVALID_ORDER',
      'decayEndTime',
    )
    await refused(
      await decaying({ endTime: now + 100, deadline: now + 90 }),
      400,
      'INVALID_ORDER',
      'decayEndTime',
    )
    await refused(await decaying({ deadline: now + 3600 }), 400, 'INVALID_ORDER', 'deadline')
    await refused(
      await decaying({ deadline: now - 5, startTime: now - 100, endTime: now - 40 }),
      400,
      'ORDER_EXPIRED',
    )
    await refused(await decaying({ startAmount: 2n ** 130n }), 400, 'INVALID_ORDER', 'outputs.0.startAmount')
    await refused(await decaying({ inputAmount: parseUnits('1000000000', 6) }), 400, 'INSUFFICIENT_BALANCE')
    await refused(await decaying({}, swapperIndex + 1), 400, 'INVALID_ORDER_SIGNATURE', 'signature')
    // signed for another chain: the digest differs, so the signer is not the swapper
    await refused(
      { ...(await decaying({ chainId: eth.chainId + 1 })), chainId: eth.chainId },
      400,
      'INVALID_ORDER_SIGNATURE',
    )
    // a network without gasless swaps
    const base = getNetwork('base').local.chainId
    await refused({ ...(await decaying()), chainId: base }, 400, 'UNSUPPORTED_NETWORK')
    const prepared = await post('/orders/prepare', {
      chainId: eth.chainId,
      swapper: signer().address,
      inputToken: usdc(),
      inputAmount: '1',
      outputToken: weth(),
      outputAmount: '1',
      deadline: nowSeconds() + 60,
      gasless: { outputStartAmount: '2' },
    })
    assert.equal(prepared.status, 400, 'a deadline and gasless terms together are refused')
    assert.equal(prepared.json.error.code, 'INVALID_INPUT')
  })

  for (const round of [1, 2])
    test(`behavior: prepared from the quote, signed once, filled by the filler; the swapper spends no ETH (${round})`, async () => {
      await approvePermit2(usdc(), maxUint256)
      const owner = signer().address
      const amountIn = parseUnits('1500', 6)
      const q = await quote({ tokenIn: usdc(), tokenOut: dai(), amount: amountIn.toString(), swapper: owner })
      assert.ok(q.json.gasless, JSON.stringify(q.json))
      const prepared = await post('/orders/prepare', {
        chainId: eth.chainId,
        swapper: owner,
        inputToken: usdc(),
        inputAmount: amountIn.toString(),
        outputToken: dai(),
        outputAmount: q.json.gasless.outputEndAmount,
        gasless: { outputStartAmount: q.json.gasless.outputStartAmount },
      })
      assert.equal(prepared.status, 200, JSON.stringify(prepared.json))
      const submitted = await signAndSubmit(signer(), prepared.json)
      assert.equal(submitted.status, 201, JSON.stringify(submitted.json))
      const order = submitted.json.order
      assert.equal(order.kind, 'gasless')
      assert.equal(order.output.amount, q.json.gasless.outputEndAmount)
      assert.equal(order.decay.outputStartAmount, q.json.gasless.outputStartAmount)
      assert.equal(order.decay.endTime - order.decay.startTime, GASLESS_DECAY_SECONDS)
      assert.equal(order.deadline - order.decay.startTime, GASLESS_DEADLINE_SECONDS)
      const limits: Json = await (await app.request(`/v1/orders?swapper=${owner}&kind=limit`)).json()
      assert.ok(!limits.orders.some((o: Json) => o.orderHash === order.orderHash), 'not among limit orders')

      const client = devnetClients(kit.manifest, 'ethereum', swapperIndex).public
      const balance = (token: Address) =>
        client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
      const [ethBefore, usdcBefore, daiBefore] = await Promise.all([
        client.getBalance({ address: owner }),
        balance(usdc()),
        balance(dai()),
      ])
      const filler = createFiller({ deployment: eth, log: silent })
      const listed: Json = await (
        await app.request(`/v1/orders?chainId=${eth.chainId}&status=opened&kind=gasless`)
      ).json()
      // filled once the decayed output leaves the fill's gas (a lone fill costs more than the
      // batch share the quote charged): within the decay
      let fill: Awaited<ReturnType<typeof filler.fillCrossed>>[number] | undefined
      for (const until = Date.now() + GASLESS_DECAY_SECONDS * 1000; !fill && Date.now() < until; ) {
        fill = (await filler.fillCrossed(listed.orders as FillableOrder[])).find(
          (f) => f.orderHash === order.orderHash,
        )
        if (!fill) await new Promise((r) => setTimeout(r, 500))
      }
      assert.ok(fill, 'filled within the decay')
      const receipt = await client.getTransactionReceipt({ hash: fill.txHash as Hex })
      console.log(`gasless fill ${round}: ${receipt.gasUsed} gas (one order)`)
      const received = (await balance(dai())) - daiBefore
      assert.equal(usdcBefore - (await balance(usdc())), amountIn)
      assert.ok(received >= BigInt(q.json.gasless.outputEndAmount), 'at least the floor')
      assert.ok(received <= BigInt(q.json.gasless.outputStartAmount), 'at most the start')
      assert.equal(await client.getBalance({ address: owner }), ethBefore, 'the swapper spent no ETH')
      await orders.tracker.sync()
      const one: Json = await (await app.request(`/v1/orders/${order.orderHash}`)).json()
      assert.equal(one.order.orderStatus, 'executed')
      assert.equal(one.order.txHash, fill.txHash)
    })
})

describe('the filler batches gasless orders of one pair', () => {
  test('behavior: three decaying orders filled in one transaction; the gas per order', async () => {
    const owner = privateKeyToAccount(kit.manifest.accounts[swapperIndex]!.privateKey)
    await approvePermit2(usdc(), maxUint256)
    const amountIn = parseUnits('500', 6)
    const q = await quote({
      tokenIn: usdc(),
      tokenOut: dai(),
      amount: amountIn.toString(),
      swapper: owner.address,
    })
    assert.ok(q.json.gasless)
    const hashes: Hex[] = []
    for (let i = 0; i < 3; i++) {
      const prepared = await post('/orders/prepare', {
        chainId: eth.chainId,
        swapper: owner.address,
        inputToken: usdc(),
        inputAmount: amountIn.toString(),
        outputToken: dai(),
        outputAmount: q.json.gasless.outputEndAmount,
        // starting just above the floor: all three are covered by one swap of their summed input
        gasless: { outputStartAmount: (BigInt(q.json.gasless.outputEndAmount) + 1n).toString() },
      })
      const submitted = await signAndSubmit(owner, prepared.json)
      assert.equal(submitted.status, 201, JSON.stringify(submitted.json))
      hashes.push(submitted.json.order.orderHash)
    }
    const listed: Json = await (
      await app.request(`/v1/orders?chainId=${eth.chainId}&status=opened&kind=gasless`)
    ).json()
    const filler = createFiller({ deployment: eth, log: silent })
    const fills = await filler.fillCrossed(listed.orders as FillableOrder[])
    assert.deepEqual(new Set(fills.map((f) => f.orderHash)), new Set(hashes))
    assert.equal(new Set(fills.map((f) => f.txHash)).size, 1, 'one transaction')
    const client = devnetClients(kit.manifest, 'ethereum', swapperIndex).public
    const receipt = await client.getTransactionReceipt({ hash: fills[0]!.txHash })
    console.log(`gasless batch of 3: ${receipt.gasUsed} gas, ${receipt.gasUsed / 3n} per order`)
  })
})

describe('the gasless route only while a filler is live (its heartbeats)', () => {
  const usdcDai = { tokenIn: usdc, tokenOut: dai }
  /** The API as the server builds it (createModules over this devnet), in-process. */
  async function wiredApi(env: Record<string, string> = {}) {
    const dbDir = await mkdtemp(join(tmpdir(), 'oxbow-liveness-'))
    const modules = await createModules(
      readConfig({ OXBOW_MANIFEST: kit.devnet.manifestPath, OXBOW_API_DB_DIR: dbDir, ...env }),
      silent,
    )
    const wired = testApp(modules)
    const request = async (path: string, body: unknown) => {
      const res = await wired.request(`/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: res.status, json: res.status === 204 ? null : ((await res.json()) as Json) }
    }
    const gaslessOffered = async () => {
      const q = await request('/quote', {
        network: 'ethereum',
        type: 'EXACT_INPUT',
        slippage: 'auto',
        tokenIn: usdcDai.tokenIn(),
        tokenOut: usdcDai.tokenOut(),
        amount: '2000000000',
      })
      assert.equal(q.status, 200, JSON.stringify(q.json))
      return q.json.gasless !== undefined
    }
    const close = async () => {
      for (const m of modules) await m.close?.()
      await rm(dbDir, { recursive: true, force: true })
    }
    return { request, gaslessOffered, close }
  }

  /** A heartbeat of `account` (the filler's message format). */
  const signedBy = async (
    account: ReturnType<typeof privateKeyToAccount>,
    chainId: number,
    timestamp: number,
  ) => ({
    chainId,
    timestamp,
    signature: await account.signMessage({ message: fillerHeartbeatMessage(chainId, timestamp) }),
  })

  let api: Awaited<ReturnType<typeof wiredApi>>
  before(async () => {
    api = await wiredApi()
  })
  after(async () => {
    await api?.close()
  })

  test('error: heartbeats of another key, stale, for a network without filler or malformed are typed 4xx and make no filler live', async () => {
    const filler = createFiller({ deployment: eth, log: silent })
    const stranger = privateKeyToAccount(kit.manifest.accounts[swapperIndex]!.privateKey)
    const now = nowSeconds()
    const cases: [unknown, number, string][] = [
      [await signedBy(stranger, eth.chainId, now), 401, 'INVALID_SIGNATURE'],
      [
        { ...(await signedBy(filler.account, eth.chainId, now)), chainId: eth.chainId + 1 },
        400,
        'UNSUPPORTED_NETWORK',
      ],
      [await signedBy(filler.account, eth.chainId, now - 120), 400, 'SIGNATURE_EXPIRED'],
      [await signedBy(filler.account, eth.chainId, now + 120), 400, 'SIGNATURE_EXPIRED'],
      [{ chainId: eth.chainId, timestamp: now, signature: '0x1234' }, 401, 'INVALID_SIGNATURE'],
      [{ chainId: eth.chainId, timestamp: now }, 400, 'INVALID_INPUT'],
      [{ chainId: eth.chainId, timestamp: 'now', signature: '0x12' }, 400, 'INVALID_INPUT'],
    ]
    for (const [body, status, code] of cases) {
      const { status: got, json } = await api.request('/orders/filler/heartbeat', body)
      assert.equal(got, status, `${JSON.stringify(body)}: ${JSON.stringify(json)}`)
      assert.equal(json.error.code, code)
    }
    assert.equal(await api.gaslessOffered(), false, 'no filler has been heard: classic only')
  })

  test('behavior: offered once the filler beats (a heartbeat signed by its key); a replayed one is refused', async () => {
    const filler = createFiller({ deployment: eth, log: silent })
    const heartbeat = await filler.heartbeat()
    assert.ok(heartbeat, 'the devnet filler holds ETH and reaches its network')
    const beat = await api.request('/orders/filler/heartbeat', heartbeat)
    assert.equal(beat.status, 204, JSON.stringify(beat.json))
    assert.equal(await api.gaslessOffered(), true, 'a live filler: the gasless route is offered')
    const replayed = await api.request('/orders/filler/heartbeat', heartbeat)
    assert.equal(replayed.status, 409)
    assert.equal(replayed.json.error.code, 'SIGNATURE_REPLAYED')
  })

  test('behavior: OXBOW_GASLESS_SWAPS=off offers none even with a live filler', async () => {
    const api = await wiredApi({ OXBOW_GASLESS_SWAPS: 'off' })
    try {
      const heartbeat = await createFiller({ deployment: eth, log: silent }).heartbeat()
      assert.equal((await api.request('/orders/filler/heartbeat', heartbeat)).status, 204)
      assert.equal(await api.gaslessOffered(), false)
    } finally {
      await api.close()
    }
  })

  test(`behavior: live for ${FILLER_LIVE_SECONDS} s after the last heartbeat, then classic only again`, async () => {
    const filler = createFiller({ deployment: eth, log: silent })
    const heartbeat = await filler.heartbeat()
    assert.ok(heartbeat)
    let clock = heartbeat.timestamp
    const fillers = await FillerLiveness.open({
      db: await createDatabase({}),
      fillerOf: () => filler.account.address,
      now: () => clock,
    })
    const trading = new TradingService(kit.manifest, undefined, {
      fillerLive: (chainId) => fillers.isLive(chainId),
    })
    await trading.start()
    try {
      const { json } = await quote({ tokenIn: usdc(), tokenOut: dai(), amount: '2000000000' })
      const route = () => trading.gaslessRoute({ network: 'ethereum', recipient: undefined }, json)
      assert.equal(route(), undefined, 'not live before a heartbeat')
      await fillers.beat(heartbeat)
      assert.ok(route(), 'live')
      clock += FILLER_LIVE_SECONDS
      assert.ok(route(), `still live ${FILLER_LIVE_SECONDS} s later`)
      clock += 1
      assert.equal(route(), undefined, 'the filler fell silent: no gasless route')
    } finally {
      fillers.stop()
      await trading.stop()
    }
  })

  test('behavior: a filler without the ETH for a fill sends no heartbeat', async () => {
    const broke = createFiller({ deployment: eth, log: silent, privateKey: generatePrivateKey() })
    assert.equal(await broke.heartbeat(), null)
  })
})
