/**
 * The trading API against the real devnet (ethereum network, port base 22000): every quote is
 * turned into the returned Universal Router transaction (approval and Permit2 signature by a test
 * account), sent, and the balance change compared with the quote to the wei. State is reverted
 * after each swap.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { devnetClients, revert, snapshot } from '@oxbow/devnet'
import {
  erc20Abi,
  type Manifest,
  type NetworkDeployment,
  permit2Abi,
  quoterV2Abi,
  v2Router02Abi,
  v4QuoterAbi,
} from '@oxbow/protocol'
import { type Address, maxUint160 } from 'viem'
import { loadTradingModule, type TradingModule } from '../src/trading/index.ts'
import {
  type Json,
  prepareClassicSwap,
  sendSwap,
  signPermit,
  startTradingKit,
  type TradingKit,
  testApp,
} from './kit.ts'

const PORT_BASE = 22000
const NATIVE: Address = '0x0000000000000000000000000000000000000000'
const slug = 'ethereum' as const
let kit: TradingKit
let manifest: Manifest
let d: NetworkDeployment
let trading: TradingModule

before(async () => {
  // route searches run in a route thread, as in the server: every test below goes through it
  kit = await startTradingKit({ portBase: PORT_BASE, slug, routeThreads: 1 })
  ;({ manifest, deployment: d, trading } = kit)
})
after(async () => {
  await kit?.stop()
})

const post = (path: string, body: unknown) => kit.post(path, body)

/** The devnet's seeded USD price of a token (native: WETH's): only to size test trades. */
function seedUsd(address: Address): number {
  const lower = address.toLowerCase()
  const wanted = lower === NATIVE ? d.contracts.weth9.toLowerCase() : lower
  const t = d.tokens.find((x) => x.address.toLowerCase() === wanted)
  if (!t) throw new Error(`no seed price for ${address}`)
  return t.seedPriceUsd
}

function token(symbol: string, kind = 'stablecoin'): Address {
  const t = d.tokens.find((x) => x.symbol === symbol && (symbol !== 'USDC' || x.kind === kind))
  if (!t) throw new Error(`no ${symbol}`)
  return t.address
}

async function balance(owner: Address, asset: string): Promise<bigint> {
  const { public: client } = devnetClients(manifest, slug)
  if (asset === NATIVE) return client.getBalance({ address: owner })
  return client.readContract({
    address: asset as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

interface Executed {
  quote: Json
  received: bigint
  spent: bigint
  gasUsed: bigint
}

/**
 * Runs the whole client flow for `request` with test account `accountIndex`: /swap, the approval
 * if asked, the Permit2 signature if asked, then the transaction. Measures what arrived and what
 * left (native: net of the gas paid).
 */
async function execute(request: Record<string, unknown>, accountIndex = 3): Promise<Executed> {
  const { ready } = await prepareClassicSwap(kit, accountIndex, { slippage: 0.5, ...request })
  const me = devnetClients(manifest, slug, accountIndex).wallet.account.address
  const { quote } = ready
  const tokenIn = quote.tokenIn.address
  const tokenOut = quote.tokenOut.address
  const inBefore = await balance(me, tokenIn)
  const outBefore = await balance(me, tokenOut)
  const receipt = await sendSwap(kit, accountIndex, ready)
  const gasPaid = receipt.gasUsed * receipt.effectiveGasPrice
  const inAfter = await balance(me, tokenIn)
  const outAfter = await balance(me, tokenOut)
  if (process.env.GAS_LOG) {
    console.log(
      `# gas ${quote.gas.estimate} vs used ${receipt.gasUsed}: ${JSON.stringify(quote.route.map((l: Json) => l.hops.map((h: Json) => h.protocol)))}`,
    )
  }
  return {
    quote,
    received: outAfter - outBefore + (tokenOut === NATIVE ? gasPaid : 0n),
    spent: inBefore - inAfter - (tokenIn === NATIVE ? gasPaid : 0n),
    gasUsed: receipt.gasUsed,
  }
}

/** Runs `body` on a snapshot of the chain and re-reads the pools before and after. */
async function isolated<T>(body: () => Promise<T>): Promise<T> {
  const id = await snapshot(d.rpcUrl)
  try {
    await trading.service.refresh()
    return await body()
  } finally {
    await revert(d.rpcUrl, id)
    await trading.service.refresh()
  }
}

/** What QuoterV2 gives (at `blockNumber`, default the head) for each single-pool USDC -> WETH leg of a route, summed. */
async function quoterV2Total(route: Json[], blockNumber?: bigint): Promise<bigint> {
  const { public: client } = devnetClients(manifest, slug)
  let total = 0n
  for (const leg of route) {
    assert.equal(leg.hops.length, 1)
    const { result } = await client.simulateContract({
      address: d.contracts.quoterV2,
      abi: quoterV2Abi,
      functionName: 'quoteExactInputSingle',
      args: [
        {
          tokenIn: token('USDC'),
          tokenOut: d.contracts.weth9,
          amountIn: BigInt(leg.amountIn),
          fee: leg.hops[0].fee,
          sqrtPriceLimitX96: 0n,
        },
      ],
      ...(blockNumber !== undefined && { blockNumber }),
    })
    total += result[0]
  }
  return total
}

/** A quote request for `amount` USDC into WETH through v3 pools only. */
const usdcToWethV3 = (amount: string) => ({
  network: slug,
  tokenIn: token('USDC'),
  tokenOut: d.contracts.weth9,
  amount,
  type: 'EXACT_INPUT',
  protocols: ['V3'],
})

/** The executed route took a path of two hops or more. */
function assertMultiHop(r: Executed, what: string): void {
  assert.ok(
    r.quote.route.some((leg: Json) => leg.hops.length >= 2),
    what,
  )
}

function versions(quote: Json): string[] {
  return [...new Set(quote.route.flatMap((leg: Json) => leg.hops.map((h: Json) => h.protocol)))] as string[]
}

async function exactIn(request: Record<string, unknown>): Promise<Executed> {
  return isolated(async () => {
    const r = await execute({ type: 'EXACT_INPUT', ...request })
    assert.equal(r.received, BigInt(r.quote.amountOut), 'received exactly the quoted output')
    assert.equal(r.spent, BigInt(r.quote.amountIn))
    assert.ok(r.received >= BigInt(r.quote.minimumAmountOut))
    return r
  })
}

async function exactOut(request: Record<string, unknown>): Promise<Executed> {
  return isolated(async () => {
    const r = await execute({ type: 'EXACT_OUTPUT', ...request })
    assert.equal(r.received, BigInt(request.amount as string), 'received exactly the requested output')
    assert.ok(r.spent <= BigInt(r.quote.maximumAmountIn), 'never more than the quoted maximum')
    assert.equal(r.spent, BigInt(r.quote.amountIn), 'spent exactly the quoted input')
    return r
  })
}

describe('quotes equal executed amounts', () => {
  test('behavior: v2 only (USDC -> WETH)', async () => {
    const r = await exactIn({
      tokenIn: token('USDC'),
      tokenOut: d.contracts.weth9,
      amount: '2500000000',
      protocols: ['V2'],
    })
    assert.deepEqual(versions(r.quote), ['V2'])
  })

  test('behavior: v3 only (USDC -> WETH), gas estimate within 35 % of gas used', async () => {
    const r = await exactIn({
      tokenIn: token('USDC'),
      tokenOut: d.contracts.weth9,
      amount: '2500000000',
      protocols: ['V3'],
    })
    assert.deepEqual(versions(r.quote), ['V3'])
    const est = BigInt(r.quote.gas.estimate)
    assert.ok(
      est * 100n >= r.gasUsed * 65n && est * 100n <= r.gasUsed * 135n,
      `estimate ${est} vs used ${r.gasUsed}`,
    )
  })

  test('behavior: v4 only, plain pool (USDC -> UNI) and dynamic-fee hooked pool (USDC -> USDT)', async () => {
    const a = await exactIn({
      tokenIn: token('USDC'),
      tokenOut: token('UNI'),
      amount: '1500000000',
      protocols: ['V4'],
    })
    assert.deepEqual(versions(a.quote), ['V4'])
    const b = await exactIn({
      tokenIn: token('USDC'),
      tokenOut: token('USDT'),
      amount: '1500000000',
      protocols: ['V4'],
    })
    assert.deepEqual(versions(b.quote), ['V4'])
    assert.equal(b.quote.route[0].hops[0].dynamicFee, true)
  })

  test('behavior: native ETH in and out through v4 (ETH -> USDC, USDC -> ETH)', async () => {
    await exactIn({
      tokenIn: 'ETH',
      tokenOut: token('USDC'),
      amount: '700000000000000000',
      protocols: ['V4'],
    })
    await exactIn({ tokenIn: token('USDC'), tokenOut: NATIVE, amount: '900000000', protocols: ['V4'] })
  })

  test('behavior: multi-hop route across versions (DAI -> WBTC)', async () => {
    const r = await exactIn({
      tokenIn: token('DAI'),
      tokenOut: token('WBTC'),
      amount: '40000000000000000000000',
    })
    assertMultiHop(r, JSON.stringify(r.quote.route.map((l: Json) => l.hops.length)))
  })

  test('behavior: a large trade is split across pools and versions (USDC -> ETH)', async () => {
    const r = await exactIn({ tokenIn: token('USDC'), tokenOut: 'ETH', amount: '90000000000' })
    assert.ok(r.quote.route.length >= 2, 'split')
    assert.ok(versions(r.quote).length >= 3, `versions ${versions(r.quote)}`)
    const pct = r.quote.route.reduce((s: number, l: Json) => s + l.percent, 0)
    assert.ok(Math.abs(pct - 100) < 0.1)
    const eth = await exactIn({ tokenIn: 'ETH', tokenOut: token('USDC'), amount: '300000000000000000000' })
    assert.ok(eth.quote.route.length >= 2, 'native input split')
  })

  test('behavior: exact output delivers the amount and spends at most the maximum (single and split)', async () => {
    await exactOut({ tokenIn: token('USDC'), tokenOut: d.contracts.weth9, amount: '1000000000000000000' })
    const big = await exactOut({ tokenIn: d.contracts.weth9, tokenOut: token('USDC'), amount: '80000000000' })
    assert.ok(big.quote.route.length >= 2, 'split')
    await exactOut({ tokenIn: 'ETH', tokenOut: token('USDC'), amount: '2000000000', protocols: ['V4'] })
  })

  test('behavior: multi-hop exact output through v3 and through v2 paths', async () => {
    const v3 = await exactOut({
      tokenIn: token('DAI'),
      tokenOut: token('WBTC'),
      amount: '10000000',
      protocols: ['V3'],
    })
    assertMultiHop(v3, 'v3 multi-hop')
    const v2 = await exactOut({
      tokenIn: token('UNI'),
      tokenOut: token('USDC'),
      amount: '3000000000',
      protocols: ['V2'],
    })
    assertMultiHop(v2, 'v2 multi-hop')
  })

  test('behavior: a v2 exact-output route delivers exactly the amount asked for exactly the quoted input (issue #16)', async () => {
    // one unit of USDC or WBTC buys more than one unit of WETH or USDC: the Universal Router's v2
    // output (recomputed from the whole input paid) exceeds the amount asked
    const single = await exactOut({
      tokenIn: token('USDC'),
      tokenOut: d.contracts.weth9,
      amount: '1000000000000000001',
      protocols: ['V2'],
    })
    assert.deepEqual(versions(single.quote), ['V2'])
    const multi = await exactOut({
      tokenIn: token('WBTC'),
      tokenOut: token('USDC'),
      amount: '3000000001',
      protocols: ['V2'],
    })
    assertMultiHop(multi, 'v2 multi-hop')
  })

  test('behavior: native ETH exact output routes through WETH with wrap/unwrap (issue #16)', async () => {
    // no v4 native pool serves DAI: this was 404 'No quotes found'
    await exactOut({ tokenIn: token('DAI'), tokenOut: 'ETH', amount: '500000000000000000' })
    // DAI -> ETH is priced as well as DAI -> WETH: the unwrap does not count as a hop and the path
    // may pass through a native pool as WETH's does (was 452 bps worse for 2 ETH)
    const toWeth = (
      await post('/quote', {
        network: slug,
        tokenIn: token('DAI'),
        tokenOut: d.contracts.weth9,
        amount: '2000000000000000000',
        type: 'EXACT_OUTPUT',
      })
    ).json
    const toEth = await exactOut({ tokenIn: token('DAI'), tokenOut: 'ETH', amount: '2000000000000000000' })
    assert.ok(
      BigInt(toEth.quote.amountIn) <= BigInt(toWeth.amountIn),
      `ETH ${toEth.quote.amountIn} vs WETH ${toWeth.amountIn}`,
    )
    const v2 = await exactOut({
      tokenIn: token('USDC'),
      tokenOut: 'ETH',
      amount: '700000000000000001',
      protocols: ['V2'],
    })
    assert.deepEqual(versions(v2.quote).sort(), ['V2', 'WRAP'])
    // ETH -> WBTC is priced as well as WETH -> WBTC (plus at most the wrap's gas), also where the
    // best WETH route passes through a native pool (WETH -> USDC -> ETH -> WBTC): was 56 bps worse
    const request = { network: slug, tokenOut: token('WBTC'), amount: '20000000', type: 'EXACT_OUTPUT' }
    const weth = (await post('/quote', { ...request, tokenIn: d.contracts.weth9 })).json
    const eth = await exactOut({ tokenIn: 'ETH', tokenOut: token('WBTC'), amount: '20000000' })
    // the leftover of the ETH sent (the slippage maximum) came back: exactOut checked the spend
    assert.ok(BigInt(eth.quote.maximumAmountIn) > BigInt(eth.quote.amountIn))
    const wrapGasWei = 30_000n * BigInt(eth.quote.gas.gasPriceWei)
    assert.ok(
      BigInt(eth.quote.amountIn) <= BigInt(weth.amountIn) + wrapGasWei,
      `ETH ${eth.quote.amountIn} vs WETH ${weth.amountIn}`,
    )
    assert.ok(
      eth.quote.route.some((leg: Json) => leg.hops[0].protocol === 'WRAP'),
      JSON.stringify(eth.quote.route.map((l: Json) => l.hops.map((h: Json) => h.protocol))),
    )
  })

  test('behavior: exact output mixes protocols within a path and splits, executed to the wei (issue #16)', async () => {
    const mixed = (q: Json) =>
      q.route.some((leg: Json) => new Set(leg.hops.map((h: Json) => h.protocol)).size > 1)
    // Trades whose best path needs two protocols: LINK's best pool is its v2 pair, the stablecoins'
    // and WETH/USDC's are v3 and v4 pools (with the seeded pools arbitraged to one price, WETH -> DAI
    // no longer gains from mixing: its v3 path is best).
    const cases = [
      { tokenIn: token('DAI'), tokenOut: token('LINK'), amount: '200000000000000000000' },
      { tokenIn: token('USDT'), tokenOut: token('LINK'), amount: '100000000000000000000' },
      { tokenIn: token('USDC'), tokenOut: token('LINK'), amount: '5000000000000000000000' },
      { tokenIn: 'ETH', tokenOut: token('USDC'), amount: '200000000000' },
    ]
    let split = 0
    for (const request of cases) {
      const r = await exactOut(request)
      assert.ok(
        mixed(r.quote),
        JSON.stringify(r.quote.route.map((l: Json) => l.hops.map((h: Json) => h.protocol))),
      )
      if (r.quote.route.length >= 2) split++
    }
    assert.ok(split >= 1, 'a mixed exact-output route is also split')
    // what mixing buys: WETH -> DAI against the best route limited to any one protocol (net of gas)
    const request = {
      network: slug,
      tokenIn: d.contracts.weth9,
      tokenOut: token('DAI'),
      amount: '2000000000000000000000',
      type: 'EXACT_OUTPUT',
    }
    const net = (q: Json) => BigInt(q.amountIn) + BigInt(q.gas.costWei)
    const all = net((await post('/quote', request)).json)
    for (const only of ['V2', 'V3', 'V4']) {
      const r = await post('/quote', { ...request, protocols: [only] })
      if (r.status !== 200) continue
      const one = net(r.json)
      assert.ok(all <= one, `${only} only: ${one} vs mixed ${all}`)
      console.log(
        `# WETH -> DAI exact output: mixed ${Number(((one - all) * 100_000n) / one) / 10} bps cheaper than ${only} only`,
      )
    }
  })

  test('behavior: wrap and unwrap are direct 1:1 routes', async () => {
    const w = await exactIn({ tokenIn: 'ETH', tokenOut: d.contracts.weth9, amount: '1000000000000000000' })
    assert.equal(w.quote.routing, 'WRAP')
    assert.equal(w.quote.amountOut, '1000000000000000000')
    const u = await exactIn({ tokenIn: d.contracts.weth9, tokenOut: 'ETH', amount: '1000000000000000000' })
    assert.equal(u.quote.routing, 'UNWRAP')
  })
})

describe('freshness', () => {
  test('behavior: a new block is picked up: pools touched by its logs are re-read', async () => {
    await isolated(async () => {
      const state = trading.service.states.get(slug)
      assert.ok(state)
      const request = usdcToWethV3('1000000000')
      const before = (await post('/quote', request)).json
      await execute(usdcToWethV3('30000000000'), 5)
      await state.poll()
      const after = (await post('/quote', request)).json
      assert.ok(BigInt(after.amountOut) < BigInt(before.amountOut), 'price moved after the swap')
      assert.equal(BigInt(after.amountOut), await quoterV2Total(after.route))
    })
  })
})

describe('quotes follow the chain head (issue #16)', () => {
  test("behavior: a quote asked right after a trade is priced on the trade's block and equals the on-chain quoter there", async () => {
    await isolated(async () => {
      // the module polls once an hour here: only the quote itself can catch up with the chain
      const { public: client } = devnetClients(manifest, slug)
      const request = usdcToWethV3('1000000000')
      const before = (await post('/quote', request)).json
      for (const [i, amount] of ['30000000000', '20000000000'].entries()) {
        await execute(usdcToWethV3(amount), 5)
        const head = await client.getBlockNumber({ cacheTime: 0 })
        const after = (await post('/quote', request)).json
        assert.equal(after.blockNumber, String(head), `priced on the head block (trade ${i + 1})`)
        assert.ok(BigInt(after.amountOut) < BigInt(before.amountOut), 'the trade moved the price')
        assert.equal(
          BigInt(after.amountOut),
          await quoterV2Total(after.route, head),
          'equals QuoterV2 on the new block',
        )
      }
      // and a swap built right after a trade executes exactly as quoted
      await execute(request, 5)
      const r = await execute(request, 6)
      assert.equal(r.received, BigInt(r.quote.amountOut))
    })
  })
})

describe('route threads', () => {
  test('behavior: a route found in a route thread equals the one found in the calling thread', async () => {
    const service = trading.service
    const state = service.states.get(slug)
    assert.ok(state && service.threads?.size === 1)
    const tokens = [...(service.tokens.get(slug)?.values() ?? [])].filter((t) => !t.notRoutable)
    let compared = 0
    for (const a of tokens) {
      for (const b of tokens) {
        if (a === b) continue
        for (const type of ['EXACT_INPUT', 'EXACT_OUTPUT'] as const) {
          const t = type === 'EXACT_INPUT' ? a : b
          const request = {
            network: slug,
            tokenIn: a.address,
            tokenOut: b.address,
            amount:
              BigInt(Math.floor((2_000 / seedUsd(t.address)) * 10 ** Math.min(t.decimals, 12))) *
              10n ** BigInt(Math.max(0, t.decimals - 12)),
            type,
            slippage: 'auto' as const,
          }
          const outcome = (f: () => unknown) => {
            try {
              return f()
            } catch (error) {
              return String(error)
            }
          }
          state.routeCache.clear()
          let threaded: unknown
          try {
            threaded = (await service.quote(request)).body
          } catch (error) {
            threaded = String(error)
          }
          state.routeCache.clear()
          const here = outcome(() => service.quoteSync(request).body)
          assert.deepEqual(threaded, here, `${a.symbol} -> ${b.symbol} ${type}`)
          compared++
        }
      }
    }
    assert.ok(compared > 100)
  })
})

describe('quality against the on-chain quoters', () => {
  test('behavior: never worse than the best single pool quoted by Router02, QuoterV2 and V4Quoter', async () => {
    const { public: client } = devnetClients(manifest, slug)
    const usdc = token('USDC')
    const weth = d.contracts.weth9
    for (const amountIn of [5_000_000_000n, 400_000_000_000n]) {
      const single: bigint[] = []
      const [, v2] = await client.readContract({
        address: d.contracts.v2Router02,
        abi: v2Router02Abi,
        functionName: 'getAmountsOut',
        args: [amountIn, [usdc, weth]],
      })
      single.push(v2 as bigint)
      for (const pool of d.pools) {
        if (
          pool.version === 'v3' &&
          [pool.token0, pool.token1].includes(usdc) &&
          [pool.token0, pool.token1].includes(weth)
        ) {
          const { result } = await client.simulateContract({
            address: d.contracts.quoterV2,
            abi: quoterV2Abi,
            functionName: 'quoteExactInputSingle',
            args: [{ tokenIn: usdc, tokenOut: weth, amountIn, fee: pool.fee, sqrtPriceLimitX96: 0n }],
          })
          single.push(result[0])
        }
        if (pool.version === 'v4' && pool.currency0 === NATIVE && pool.currency1 === usdc) {
          const key = {
            currency0: pool.currency0 as Address,
            currency1: pool.currency1,
            fee: pool.fee,
            tickSpacing: pool.tickSpacing,
            hooks: pool.hooks,
          }
          const { result } = await client.simulateContract({
            address: d.contracts.v4Quoter,
            abi: v4QuoterAbi,
            functionName: 'quoteExactInputSingle',
            args: [{ poolKey: key, zeroForOne: false, exactAmount: amountIn, hookData: '0x' }],
          })
          single.push(result[0])
        }
      }
      assert.ok(single.length >= 4)
      let best = 0n
      for (const q of single) if (q > best) best = q
      const { json } = await post('/quote', {
        network: slug,
        tokenIn: usdc,
        tokenOut: weth,
        amount: String(amountIn),
        type: 'EXACT_INPUT',
      })
      const out = BigInt(json.amountOut)
      // the route is chosen net of gas: allow at most its network cost (in WETH at the seed price)
      const gasInWeth = BigInt(json.gas.costWei)
      assert.ok(out + gasInWeth >= best, `route ${out} vs best single pool ${best}`)
      if (amountIn > 100_000_000_000n) assert.ok(out > best, 'large trades beat every single pool')
    }
  })
})

describe('refusals and bad input', () => {
  const base = () => ({
    network: slug,
    tokenIn: token('USDC'),
    tokenOut: d.contracts.weth9,
    amount: '1000000',
    type: 'EXACT_INPUT',
  })

  test('behavior: fee-on-transfer and honeypot tokens are refused with the reason', async () => {
    const fot = d.tokens.find((t) => t.kind === 'fee-on-transfer') as { address: Address }
    const honey = d.tokens.find((t) => t.kind === 'honeypot') as { address: Address }
    const a = await post('/quote', { ...base(), tokenOut: fot.address })
    assert.equal(a.status, 400)
    assert.equal(a.json.error.code, 'UNSUPPORTED_TOKEN')
    assert.match(a.json.error.message, /fee-on-transfer/)
    const b = await post('/quote', { ...base(), tokenIn: honey.address })
    assert.equal(b.json.error.code, 'UNSUPPORTED_TOKEN')
    assert.match(b.json.error.message, /honeypot/)
    const tokens = await kit.app.request(`/v1/tokens?network=${slug}`)
    const list = (await tokens.json()) as { tokens: { address: string; notRoutable?: string }[] }
    assert.match(list.tokens.find((t) => t.address === fot.address)?.notRoutable ?? '', /fee-on-transfer/)
  })

  test('behavior: malformed and hostile requests get typed 4xx bodies', async () => {
    const cases: [unknown, number, string][] = [
      [{ ...base(), amount: '-5' }, 400, 'INVALID_INPUT'],
      [{ ...base(), amount: '1e18' }, 400, 'INVALID_INPUT'],
      [{ ...base(), amount: '9'.repeat(80) }, 400, 'INVALID_INPUT'],
      [{ ...base(), tokenIn: '0x1234' }, 400, 'INVALID_INPUT'],
      [{ ...base(), type: 'EXACT' }, 400, 'INVALID_INPUT'],
      [{ ...base(), slippage: 80 }, 400, 'INVALID_INPUT'],
      [{ ...base(), extra: '<script>' }, 400, 'INVALID_INPUT'],
      [{ ...base(), network: 'narnia' }, 400, 'UNSUPPORTED_NETWORK'],
      [{ ...base(), network: 'base' }, 400, 'UNSUPPORTED_NETWORK'],
      [{ ...base(), tokenIn: '0x00000000000000000000000000000000000000aa' }, 400, 'UNSUPPORTED_TOKEN'],
      [{ ...base(), tokenOut: base().tokenIn }, 400, 'INVALID_INPUT'],
      [{ ...base(), type: 'EXACT_OUTPUT', amount: String(10n ** 36n) }, 404, 'INSUFFICIENT_LIQUIDITY'],
      [[1, 2, 3], 400, 'INVALID_INPUT'],
    ]
    for (const [body, status, code] of cases) {
      const r = await post('/quote', body)
      assert.equal(r.status, status, JSON.stringify(body).slice(0, 80))
      assert.equal(r.json.error.code, code, JSON.stringify(body).slice(0, 80))
    }
    const me = devnetClients(manifest, slug, 3).wallet.account.address
    const far = await post('/swap', {
      ...base(),
      swapper: me,
      deadline: Math.floor(Date.now() / 1000) + 4 * 86400,
    })
    assert.equal(far.json.error.code, 'INVALID_INPUT')
    assert.match(JSON.stringify(far.json.error.details), /3 days/)
    const past = await post('/swap', { ...base(), swapper: me, deadline: 1000 })
    assert.match(JSON.stringify(past.json.error.details), /passed/)
    const raw = await kit.app.request('/v1/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    })
    assert.equal(raw.status, 400)
    assert.equal(((await raw.json()) as Json).error.code, 'INVALID_JSON')
    const text = await kit.app.request('/v1/quote', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    })
    assert.equal(text.status, 415)
  })

  test('error: recipients and swappers where funds are lost or stranded are refused as Invalid recipient (issue #16)', async () => {
    const me = devnetClients(manifest, slug, 3).wallet.account.address
    const friend = devnetClients(manifest, slug, 4).wallet.account.address
    const v2 = d.pools.find((p) => p.version === 'v2') as { address: Address }
    const v3 = d.pools.find((p) => p.version === 'v3') as { address: Address }
    const hook = Object.values(d.hooks)[0] as Address
    const refused: [string, Address][] = [
      ['zero address', NATIVE],
      ['precompile 0x01 (the router reads it as the sender)', '0x0000000000000000000000000000000000000001'],
      ['precompile 0x0a', '0x000000000000000000000000000000000000000a'],
      ['P256VERIFY precompile 0x100', '0x0000000000000000000000000000000000000100'],
      ['Universal Router', d.contracts.universalRouter],
      ['Permit2', d.contracts.permit2],
      ['v4 PoolManager', d.contracts.v4PoolManager],
      ['v2 factory', d.contracts.v2Factory],
      ['v3 position manager', d.contracts.nonfungiblePositionManager],
      ['v4 hook', hook],
      ['v2 pool', v2.address],
      ['v3 pool', v3.address],
      ['token contract', token('USDC')],
      ['WETH', d.contracts.weth9],
    ]
    for (const [what, recipient] of refused) {
      for (const path of ['/quote', '/swap']) {
        const r = await post(path, { ...base(), swapper: path === '/swap' ? me : undefined, recipient })
        assert.equal(r.status, 400, `${what} ${path}: ${JSON.stringify(r.json)}`)
        assert.equal(r.json.error.code, 'INVALID_RECIPIENT', what)
        assert.equal(r.json.error.message, 'Invalid recipient')
        assert.equal(r.json.error.details[0].path, 'recipient')
      }
    }
    // a bad swapper receives when no recipient is given (Invalid recipient), else it is Invalid swapper
    for (const swapper of [
      NATIVE,
      '0x0000000000000000000000000000000000000002',
      d.contracts.universalRouter,
    ]) {
      for (const path of ['/quote', '/swap']) {
        const alone = await post(path, { ...base(), swapper })
        assert.equal(alone.status, 400, `${swapper} ${path}`)
        assert.equal(alone.json.error.code, 'INVALID_RECIPIENT', `${swapper} ${path}`)
        assert.equal(alone.json.error.details[0].path, 'swapper')
        const paying = await post(path, { ...base(), swapper, recipient: friend })
        assert.equal(paying.status, 400, `${swapper} ${path}`)
        assert.equal(paying.json.error.code, 'INVALID_SWAPPER', `${swapper} ${path}`)
        assert.equal(paying.json.error.message, 'Invalid swapper')
        assert.equal(paying.json.error.details[0].path, 'swapper')
      }
    }
    // EIP-55: one letter's case flipped is a mistyped address; all lower or all upper case carries no checksum
    const flipped = friend
      .replace(/[a-f]/, (c) => c.toUpperCase())
      .replace(/[A-F](?=[^A-F]*$)/, (c) => c.toLowerCase())
    assert.notEqual(flipped, friend)
    for (const path of ['/quote', '/swap']) {
      const bad = await post(path, { ...base(), swapper: me, recipient: flipped })
      assert.equal(bad.status, 400)
      assert.equal(bad.json.error.code, 'INVALID_RECIPIENT')
      assert.equal(bad.json.error.message, 'Invalid recipient')
      assert.match(JSON.stringify(bad.json.error.details), /recipient.*checksum/)
      const badSwapper = await post(path, { ...base(), swapper: me.replace(/[a-f]/, (c) => c.toUpperCase()) })
      assert.equal(badSwapper.status, 400)
      assert.equal(badSwapper.json.error.code, 'INVALID_SWAPPER')
      assert.match(JSON.stringify(badSwapper.json.error.details), /swapper.*checksum/)
    }
    // a body with other problems besides stays INVALID_INPUT
    const both = await post('/quote', { ...base(), amount: '-1', recipient: flipped })
    assert.equal(both.json.error.code, 'INVALID_INPUT')
    const upper = `0x${friend.slice(2).toUpperCase()}`
    for (const recipient of [friend, friend.toLowerCase(), upper]) {
      const quoted = await post('/quote', { ...base(), swapper: me, recipient })
      assert.equal(quoted.status, 200, JSON.stringify(quoted.json))
      const ok = await post('/swap', { ...base(), swapper: me, recipient })
      assert.equal(ok.status, 200, JSON.stringify(ok.json))
    }
  })

  test('error: a swap to a token or pool contract the deployment does not list is refused; a smart wallet may receive (issue #16)', async () => {
    await isolated(async () => {
      const me = devnetClients(manifest, slug, 3).wallet.account.address
      const { public: client, test: anvil } = devnetClients(manifest, slug)
      const v2 = d.pools.find((p) => p.version === 'v2') as { address: Address }
      // fresh addresses carrying a token's, a pool's and a smart wallet's code: unknown to the manifest
      const copy = async (from: Address, to: Address) => {
        const code = await client.getCode({ address: from })
        assert.ok(code && code !== '0x', `${from} has code`)
        await anvil.setCode({ address: to, bytecode: code })
      }
      const someToken: Address = '0x7e57000000000000000000000000000000000001'
      const somePool: Address = '0x7e57000000000000000000000000000000000002'
      const someWallet: Address = '0x7e57000000000000000000000000000000000003'
      await copy(token('USDC'), someToken)
      await copy(v2.address, somePool)
      await copy(d.contracts.simple7702Account, someWallet)
      for (const [recipient, what] of [
        [someToken, /token contract/],
        [somePool, /pool contract/],
      ] as const) {
        const r = await post('/swap', { ...base(), swapper: me, recipient })
        assert.equal(r.status, 400, JSON.stringify(r.json))
        assert.equal(r.json.error.code, 'INVALID_RECIPIENT')
        assert.match(r.json.error.details[0].message, what)
      }
      const wallet = await post('/swap', { ...base(), swapper: me, recipient: someWallet })
      assert.equal(wallet.status, 200, JSON.stringify(wallet.json))
    })
  })

  test('behavior: a forged Permit2 signature is refused before Json transaction', async () => {
    await isolated(async () => {
      const me = devnetClients(manifest, slug, 3).wallet.account.address
      const body = { ...base(), swapper: me, slippage: 0.5 }
      let r = await post('/swap', body)
      if (r.json.status === 'APPROVAL_REQUIRED') {
        const { public: client, wallet } = devnetClients(manifest, slug, 3)
        await client.waitForTransactionReceipt({
          hash: await wallet.sendTransaction({ to: r.json.approval.to, data: r.json.approval.data }),
        })
        r = await post('/swap', body)
      }
      assert.equal(r.json.status, 'SIGNATURE_REQUIRED')
      const other = devnetClients(manifest, slug, 4).wallet
      const permit = await signPermit(other, d.chainId, r.json.permitData)
      const forged = await post('/swap', { ...body, permit })
      assert.equal(forged.status, 400)
      assert.match(JSON.stringify(forged.json.error.details), /not signed by swapper/)
    })
  })

  test('behavior: one Permit2 signature per token for 30 days: a second swap of the token needs none (issue #16)', async () => {
    await isolated(async () => {
      const { public: client, wallet } = devnetClients(manifest, slug, 7)
      const me = wallet.account.address
      const body = {
        ...base(),
        tokenIn: token('DAI'),
        amount: '25000000000000000000',
        swapper: me,
        slippage: 0.5,
      }
      const first = await post('/swap', body)
      assert.ok(['APPROVAL_REQUIRED', 'SIGNATURE_REQUIRED'].includes(first.json.status), first.json.status)
      await execute({ ...body, type: 'EXACT_INPUT' }, 7)
      const [amount, expiration] = await client.readContract({
        address: d.contracts.permit2,
        abi: permit2Abi,
        functionName: 'allowance',
        args: [me, token('DAI'), d.contracts.universalRouter],
      })
      assert.equal(amount, maxUint160, 'the allowance is not spent down')
      // 30 days from the later of the chain's clock and the wall clock (a devnet restored from an
      // older dump runs behind the wall clock), as the API counts.
      const block = await client.getBlock()
      const now = Math.max(Number(block.timestamp), Math.floor(Date.now() / 1000))
      const days = (Number(expiration) - now) / 86_400
      assert.ok(days > 29.9 && days < 30.1, `expires in ${days} days`)
      // the same token again, a different amount and direction: ready at once
      for (const next of [body, { ...body, amount: '40000000000000000000', tokenOut: token('USDC') }]) {
        const again = await post('/swap', next)
        assert.equal(again.json.status, 'READY', JSON.stringify(again.json).slice(0, 200))
      }
      await execute({ ...body, type: 'EXACT_INPUT', tokenOut: token('USDC') }, 7)
    })
  })

  test('behavior: check_approval returns the approve transaction to Permit2 only when needed', async () => {
    const fresh = devnetClients(manifest, slug, 8).wallet.account.address
    const r = await post('/check_approval', {
      network: slug,
      walletAddress: fresh,
      token: token('LINK'),
      amount: '1000',
    })
    assert.equal(r.status, 200)
    assert.equal(r.json.approval.to, token('LINK'))
    assert.match(r.json.approval.data, /^0x095ea7b3/)
    const n = await post('/check_approval', {
      network: slug,
      walletAddress: fresh,
      token: 'ETH',
      amount: '1000',
    })
    assert.equal(n.json.approval, null)
  })

  test('behavior: a tiny trade is flagged when the network cost is above 10 % of its value', async () => {
    const tiny = (await post('/quote', { ...base(), amount: '100000' })).json
    assert.equal(tiny.gas.highRelativeToTrade, true, JSON.stringify(tiny.gas))
    const big = (await post('/quote', { ...base(), amount: '10000000000' })).json
    assert.equal(big.gas.highRelativeToTrade, false)
    assert.equal(big.slippage.auto, true)
    assert.equal(big.slippage.veryHigh, false)
    const high = (await post('/quote', { ...base(), slippage: 25 })).json
    assert.deepEqual(high.slippage, { percent: 25, auto: false, veryHigh: true })
    const zero = await post('/quote', { ...base(), slippage: 0 })
    assert.match(JSON.stringify(zero.json.error.details), /Enter a value larger than 0/)
    assert.ok(Number(big.gas.estimate) > 50_000 && BigInt(big.gas.costWei) > 0n)
    // no indexer here: no market price, so no USD figure (never a seeded one) and the reason why
    assert.equal(big.gas.costUsd, null)
    assert.equal(big.tradeValueUsd, null)
    assert.equal(big.prices.status, 'unavailable')
    assert.match(big.prices.reason, /OXBOW_INDEXER_URL/)
  })

  test('error: quoting too fast is rate limited per client with Retry-After', async () => {
    const limited = testApp([trading], { perMinute: 2, burst: 2 })
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let i = 0; i < 4; i++) {
      const res = await limited.request('/v1/quote', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(base()),
      })
      statuses.push(res.status)
      if (res.status === 429) {
        retryAfter = res.headers.get('retry-after')
        assert.equal(((await res.json()) as Json).error.code, 'RATE_LIMIT_EXCEEDED')
      }
    }
    assert.deepEqual(statuses.slice(0, 2), [200, 200])
    assert.equal(statuses[3], 429)
    assert.ok(Number(retryAfter) >= 1)
  })

  test('error: without a manifest the trading endpoints answer 503 with the reason', async () => {
    const lines: string[] = []
    const stub = await loadTradingModule('/nonexistent/manifest.json', {
      info: () => {},
      error: (m) => lines.push(m),
    })
    assert.match(lines.join('\n'), /^trading: disabled, No deployment manifest/)
    const stubApp = testApp([stub], { perMinute: 100, burst: 100 })
    const res = await stubApp.request('/v1/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    assert.equal(res.status, 503)
    const body = (await res.json()) as Json
    assert.equal(body.error.code, 'SERVICE_UNAVAILABLE')
    assert.match(body.error.details.reason, /npm start/)
  })

  test('behavior: networks and tokens list what the API routes', async () => {
    const nets = (await (await kit.app.request('/v1/networks')).json()) as Json
    assert.equal(nets.networks[0].slug, slug)
    assert.ok(nets.networks[0].pools >= 20)
    const bad = await kit.app.request('/v1/tokens?network=atlantis')
    assert.equal(bad.status, 400)
    const tokens = (await (await kit.app.request(`/v1/tokens?network=${slug}`)).json()) as Json
    assert.ok(tokens.tokens.some((t: Json) => t.native && t.symbol === 'ETH'))
  })
})
