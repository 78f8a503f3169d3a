/**
 * The arbitrage step: brings every pool back to one reference price per currency, as arbitrageurs
 * keep a real market's pools (v2, v3 and v4 of one pair, and the cross pairs) in line. Without it
 * the seeded random trades leave the pools of a pair several percent apart and a route through the
 * stale one pays out more than the tokens are worth.
 *
 * Each round reads every pool's price (v2 reserves, v3 slot0 and in-range liquidity, v4 StateView),
 * and for each pool further than {@link ARBITRAGE_TRIGGER} from the reference sends one Universal
 * Router swap sized to land on it (constant-product / in-range liquidity maths, fee included).
 * A swap that crosses into more liquidity lands short; the next round finishes it.
 */
import { type PoolKey, poolIdOf, v2PairAbi, v3PoolAbi, v4StateViewAbi } from '@oxbow/protocol'
import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, toHex } from 'viem'
import type { Contracts } from '../deploy.ts'
import { rpcBatch, type Sender } from '../rpc.ts'
import { type Currency, type LivePool, TRADERS } from './model.ts'
import { swapOnPool } from './trades.ts'

/** A pool further than this from its reference price (as a fraction) is arbitraged. */
export const ARBITRAGE_TRIGGER = 0.001
const Q96 = 2 ** 96
const MAX_ROUNDS = 8

/** A pool's price state, as floats (precision is plenty for sizing a swap). */
export type PoolPrice =
  | {
      readonly kind: 'reserves'
      readonly reserve0: number
      readonly reserve1: number
      readonly feePips: number
    }
  | {
      readonly kind: 'concentrated'
      readonly sqrtPrice: number
      readonly liquidity: number
      readonly feePips: number
    }

/** Raw price of token0 in token1 (base units) of a pool state. */
export function priceOf(state: PoolPrice): number {
  return state.kind === 'reserves' ? state.reserve1 / state.reserve0 : state.sqrtPrice ** 2
}

/** Raw reference price of c0 in c1 from the per-currency USD references. */
export function referencePrice(c0: Currency, c1: Currency, usd: (c: Currency) => number): number {
  return (usd(c0) / usd(c1)) * 10 ** (c1.decimals - c0.decimals)
}

/** Pools the arbitrage can trade both ways (the honeypot can be bought, never sold). */
export function arbitrageable(pool: LivePool): boolean {
  return pool.c0.key !== 'HONEY' && pool.c1.key !== 'HONEY'
}

/**
 * The exact-input swap moving a pool's price to `target` (raw price of token0 in token1), or
 * undefined when the pool is already within {@link ARBITRAGE_TRIGGER} of it.
 */
export function swapToward(
  state: PoolPrice,
  target: number,
): { zeroForOne: boolean; amountIn: bigint } | undefined {
  const price = priceOf(state)
  if (!(price > 0) || Math.abs(price / target - 1) <= ARBITRAGE_TRIGGER) return undefined
  const zeroForOne = target < price
  let amount: number
  if (state.kind === 'reserves') {
    // Constant product: at the target, reserve0' = sqrt(k / target), reserve1' = sqrt(k * target).
    const k = state.reserve0 * state.reserve1
    amount = zeroForOne ? Math.sqrt(k / target) - state.reserve0 : Math.sqrt(k * target) - state.reserve1
  } else {
    const t = Math.sqrt(target)
    const s = state.sqrtPrice
    amount = zeroForOne ? state.liquidity * (1 / t - 1 / s) : state.liquidity * (t - s)
  }
  const amountIn = BigInt(Math.floor(amount / (1 - state.feePips / 1e6)))
  return amountIn > 0n ? { zeroForOne, amountIn } : undefined
}

interface Read {
  readonly to: Address
  readonly data: Hex
  decode(result: Hex): unknown
}

function v2Reads(pair: Address): Read[] {
  return [
    {
      to: pair,
      data: encodeFunctionData({ abi: v2PairAbi, functionName: 'getReserves' }),
      decode: (data) => decodeFunctionResult({ abi: v2PairAbi, functionName: 'getReserves', data }),
    },
  ]
}

function v3Reads(pool: Address): Read[] {
  return [
    {
      to: pool,
      data: encodeFunctionData({ abi: v3PoolAbi, functionName: 'slot0' }),
      decode: (data) => decodeFunctionResult({ abi: v3PoolAbi, functionName: 'slot0', data }),
    },
    {
      to: pool,
      data: encodeFunctionData({ abi: v3PoolAbi, functionName: 'liquidity' }),
      decode: (data) => decodeFunctionResult({ abi: v3PoolAbi, functionName: 'liquidity', data }),
    },
  ]
}

function v4Reads(stateView: Address, key: PoolKey): Read[] {
  const args = [poolIdOf(key)] as const
  return [
    {
      to: stateView,
      data: encodeFunctionData({ abi: v4StateViewAbi, functionName: 'getSlot0', args }),
      decode: (data) => decodeFunctionResult({ abi: v4StateViewAbi, functionName: 'getSlot0', data }),
    },
    {
      to: stateView,
      data: encodeFunctionData({ abi: v4StateViewAbi, functionName: 'getLiquidity', args }),
      decode: (data) => decodeFunctionResult({ abi: v4StateViewAbi, functionName: 'getLiquidity', data }),
    },
  ]
}

/** Every pool's price state at the latest block, in one JSON-RPC batch. */
export async function readPoolPrices(
  rpcUrl: string,
  contracts: Pick<Contracts, 'v4StateView'>,
  pools: readonly LivePool[],
): Promise<PoolPrice[]> {
  const reads = pools.map((pool) =>
    pool.manifest.version === 'v2'
      ? v2Reads(pool.address as Address)
      : pool.manifest.version === 'v3'
        ? v3Reads(pool.address as Address)
        : v4Reads(contracts.v4StateView, pool.key as PoolKey),
  )
  const results = await rpcBatch<Hex>(
    rpcUrl,
    reads
      .flat()
      .map((read) => ({ method: 'eth_call', params: [{ to: read.to, data: read.data }, 'latest'] })),
  )
  let at = 0
  return pools.map((pool, i) => {
    const values = (reads[i] as Read[]).map((read) => read.decode(results[at++] as Hex))
    const manifest = pool.manifest
    if (manifest.version === 'v2') {
      const [reserve0, reserve1] = values[0] as readonly [bigint, bigint, number]
      return { kind: 'reserves', reserve0: Number(reserve0), reserve1: Number(reserve1), feePips: 3000 }
    }
    const slot0 = values[0] as readonly [bigint, number, ...unknown[]]
    const liquidity = Number(values[1] as bigint)
    // v3: the pool's fee; v4: slot0's LP fee (a dynamic-fee pool's current one).
    const feePips = manifest.version === 'v3' ? manifest.fee : Number(slot0[3])
    return { kind: 'concentrated', sqrtPrice: Number(slot0[0]) / Q96, liquidity, feePips }
  })
}

export interface ArbitrageOptions {
  readonly sender: Sender
  readonly contracts: Contracts
  readonly pools: readonly LivePool[]
  /** The account that trades (holds every currency and has approved Permit2 for the router). */
  readonly trader: Address
  /** Reference USD price of a currency (default: its seed price). */
  readonly usd?: (c: Currency) => number
  /** Called after each round's swaps are sent (the seed mines them in one block there). */
  readonly afterRound?: (round: number) => Promise<void>
  readonly maxRounds?: number
}

/**
 * Rounds of arbitrage until every tradable pool is within {@link ARBITRAGE_TRIGGER} of its
 * reference price (or `maxRounds`); returns the number of swaps sent.
 */
export async function arbitrage(options: ArbitrageOptions): Promise<number> {
  const { sender, contracts, trader } = options
  const usd = options.usd ?? ((c: Currency) => c.priceUsd)
  const pools = options.pools.filter(arbitrageable)
  let swaps = 0
  for (let round = 0; round < (options.maxRounds ?? MAX_ROUNDS); round++) {
    const prices = await readPoolPrices(sender.rpcUrl, contracts, pools)
    let sent = 0
    for (const [i, pool] of pools.entries()) {
      const swap = swapToward(prices[i] as PoolPrice, referencePrice(pool.c0, pool.c1, usd))
      if (!swap) continue
      await swapOnPool(sender, contracts, pool, trader, swap.zeroForOne, swap.amountIn)
      sent++
    }
    if (sent === 0) break
    swaps += sent
    await options.afterRound?.(round)
  }
  return swaps
}

/**
 * The seed's closing arbitrage, right after the history: rounds mined one block each, a second
 * apart after the last history block, by the first seeded trader.
 */
export async function settleSeedPrices(
  sender: Sender,
  contracts: Contracts,
  live: readonly LivePool[],
  historyTo: number,
): Promise<number> {
  await sender.request('evm_setAutomine', [false])
  try {
    return await arbitrage({
      sender,
      contracts,
      pools: live,
      trader: TRADERS[0] as Address,
      afterRound: async (round) => {
        await sender.request('evm_mine', [toHex(historyTo + round + 1)])
        await sender.check()
      },
    })
  } finally {
    await sender.request('evm_setAutomine', [true])
  }
}
