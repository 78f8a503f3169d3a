/**
 * Creating a position (issue #13): the pair, the fee tier and hook, the pool's state (or that it does
 * not exist yet: `poolState.ts`), prices to ticks, and the transactions that mint the position on v2 (Router02),
 * v3 (NonfungiblePositionManager, creating the pool when missing) or v4 (PositionManager through
 * Permit2, the PoolManager initializing a new pool first).
 */
import { v4PoolManagerAbi } from '@oxbow/protocol/abis'
import {
  type PoolKey,
  v2AddLiquidityCalldata,
  v3MintCalldata,
  v4MintPayload,
  v4ModifyLiquiditiesCalldata,
} from '@oxbow/protocol/encoding'
import { isValidHookAddress } from '@oxbow/protocol/hooks'
import { MAX_SQRT_PRICE, MIN_SQRT_PRICE, Q96 } from '@oxbow/routing'
import { type Address, encodeFunctionData, isAddress, isAddressEqual, zeroAddress } from 'viem'
import { findNetwork } from '../../config/index.ts'
import type { LiquidityRequest } from '../hooks/useLiquidityTransaction.ts'
import { ADD_SLIPPAGE_BPS, type AddAmounts, type AddProblem, fundingRequests } from './addLiquidity.ts'
import { liquidityContracts, publicClientFor } from './chain.ts'
import { DEADLINE_SECONDS } from './positionActions.ts'
import { fullRangeTicks, withSlippage } from './positionMath.ts'
import { type PositionToken, readToken } from './readPosition.ts'

export type ProtocolVersion = 'v2' | 'v3' | 'v4'

/** Every v2 pair charges 0.3 %: its default (and only) fee tier. */
export const V2_FEE_TIER = 3000
/** v3's fee tiers (hundredths of a basis point) and the tick spacing the factory enables for each. */
export const V3_FEE_TIERS: readonly { fee: number; tickSpacing: number }[] = [
  { fee: 100, tickSpacing: 1 },
  { fee: 500, tickSpacing: 10 },
  { fee: 3000, tickSpacing: 60 },
  { fee: 10_000, tickSpacing: 200 },
]
/** v4 takes any LP fee up to 100 % (1,000,000) or the dynamic-fee flag. */
export const V4_MAX_FEE = 1_000_000
/** The tick spacing a v4 pool gets for a fee that is not one of v3's tiers (and for dynamic fees). */
export const V4_DEFAULT_TICK_SPACING = 60

export function tickSpacingFor(fee: number): number {
  return V3_FEE_TIERS.find((tier) => tier.fee === fee)?.tickSpacing ?? V4_DEFAULT_TICK_SPACING
}

/** A token of the pair; `payNative`: v2/v3's WETH side paid and shown as the native currency. */
export interface CreateToken extends PositionToken {
  readonly payNative: boolean
}

export type PairProblem = 'invalidPair' | 'invalidHook' | 'unsupported'

/** The versions a network has contracts for. */
export function supportedVersions(network: string): ProtocolVersion[] {
  const c = liquidityContracts(network)
  return [
    ...(c.v2Router02 ? (['v2'] as const) : []),
    ...(c.nonfungiblePositionManager && c.v3Factory ? (['v3'] as const) : []),
    ...(c.v4PositionManager && c.v4PoolManager && c.v4StateView ? (['v4'] as const) : []),
  ]
}

const NATIVE_WORDS = new Set(['eth', 'native'])

/**
 * A currency id as the routes and the pair fields take it: the native currency ('ETH', 'NATIVE',
 * the network's symbol or the zero address: v4 pays it as is, v2/v3 as WETH9), or a token address
 * read from the chain. Null when it is neither.
 */
export async function resolveCurrency(
  network: string,
  version: ProtocolVersion,
  id: string,
): Promise<CreateToken | null> {
  const text = id.trim()
  const info = findNetwork(network)
  const nativeSymbol = info?.nativeSymbol ?? 'ETH'
  const native =
    NATIVE_WORDS.has(text.toLowerCase()) ||
    text.toLowerCase() === nativeSymbol.toLowerCase() ||
    (isAddress(text, { strict: false }) && isAddressEqual(text, zeroAddress))
  if (native) {
    if (version === 'v4')
      return { address: zeroAddress, symbol: nativeSymbol, decimals: 18, isNative: true, payNative: true }
    const { weth9 } = liquidityContracts(network)
    if (!weth9) return null
    const weth = await readToken(network, weth9).catch(() => null)
    return weth ? { ...weth, symbol: nativeSymbol, payNative: true } : null
  }
  if (!isAddress(text, { strict: false })) return null
  const token = await readToken(network, text).catch(() => null)
  return token ? { ...token, payNative: false } : null
}

/** The pair in pool order (token0 has the lower address; v4's native currency is always token0). */
export function sortPair(
  a: CreateToken,
  b: CreateToken,
): { token0: CreateToken; token1: CreateToken } | null {
  if (isAddressEqual(a.address, b.address)) return null
  return BigInt(a.address) < BigInt(b.address) ? { token0: a, token1: b } : { token0: b, token1: a }
}

/**
 * A v4 hook for a pool with fee `fee`: its address's permission bits must be ones the PoolManager
 * accepts (`isValidHookAddress`: a returns-delta flag with its action's flag, at least one permission
 * unless the fee is dynamic, no dynamic fee without a hook) and, unless it is the zero address (no
 * hook), it must be a contract on the network.
 */
export async function isValidHook(network: string, hook: string, fee: number): Promise<boolean> {
  if (!isAddress(hook, { strict: false }) || !isValidHookAddress(hook, fee)) return false
  if (isAddressEqual(hook, zeroAddress)) return true
  const client = publicClientFor(network)
  if (!client) return false
  const code = await client.getCode({ address: hook }).catch(() => undefined)
  return code !== undefined && code !== '0x'
}

export interface PoolChoice {
  readonly network: string
  readonly version: ProtocolVersion
  readonly token0: CreateToken
  readonly token1: CreateToken
  readonly fee: number
  readonly tickSpacing: number
  readonly hooks: Address
}

export function poolKeyOf(pool: PoolChoice): PoolKey {
  return {
    currency0: pool.token0.address,
    currency1: pool.token1.address,
    fee: pool.fee,
    tickSpacing: pool.tickSpacing,
    hooks: pool.hooks,
  }
}

/**
 * A price typed as "how much of `quote` one `base` is worth" (whole tokens) as the pool's raw
 * token1-per-token0 ratio. Null when it is not a positive finite number.
 */
export function rawPrice(
  text: string,
  baseIsToken0: boolean,
  decimals0: number,
  decimals1: number,
): number | null {
  const trimmed = text.trim().replace(/,/g, '')
  if (!/^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return null
  const typed = Number(trimmed)
  if (!Number.isFinite(typed) || typed <= 0) return null
  const ratio = baseIsToken0 ? typed : 1 / typed
  const raw = ratio * 10 ** (decimals1 - decimals0)
  return Number.isFinite(raw) && raw > 0 ? raw : null
}

/** The sqrt price of a raw ratio, or null outside the protocol's bounds. */
export function sqrtPriceOfRaw(raw: number): bigint | null {
  const value = Math.sqrt(raw) * Number(Q96)
  if (!Number.isFinite(value)) return null
  const sqrt = BigInt(Math.round(value))
  return sqrt >= MIN_SQRT_PRICE && sqrt < MAX_SQRT_PRICE ? sqrt : null
}

/** The tick of a raw ratio rounded to the nearest usable tick of the spacing, within the full range. */
export function usableTick(raw: number, tickSpacing: number): number {
  const tick = Math.log(raw) / Math.log(1.0001)
  const full = fullRangeTicks(tickSpacing)
  const rounded = Math.round(tick / tickSpacing) * tickSpacing
  return Math.min(full.tickUpper, Math.max(full.tickLower, rounded))
}

/**
 * Typed min/max prices (quote per base, token0 as base) as usable ticks, or why not: a price that is
 * not a positive number, or a min that does not round below the max.
 */
export function typedTicks(
  min: string,
  max: string,
  decimals0: number,
  decimals1: number,
  tickSpacing: number,
): { tickLower: number; tickUpper: number } | 'invalidPrice' | 'invalidRange' {
  const a = rawPrice(min, true, decimals0, decimals1)
  const b = rawPrice(max, true, decimals0, decimals1)
  if (a === null || b === null) return 'invalidPrice'
  const tickLower = usableTick(a, tickSpacing)
  const tickUpper = usableTick(b, tickSpacing)
  return tickLower < tickUpper ? { tickLower, tickUpper } : 'invalidRange'
}

/** The range presets: every price, or a band around the current tick (narrow ±5 %, common ±25 %). */
export type RangePreset = 'full' | 'narrow' | 'common'
const PRESET_HALF_WIDTH_TICKS: Record<Exclude<RangePreset, 'full'>, number> = { narrow: 488, common: 2232 }

export function presetTicks(
  preset: RangePreset,
  tick: number,
  tickSpacing: number,
): { tickLower: number; tickUpper: number } {
  const full = fullRangeTicks(tickSpacing)
  if (preset === 'full') return full
  const half = Math.max(tickSpacing, PRESET_HALF_WIDTH_TICKS[preset])
  const lower = Math.floor((tick - half) / tickSpacing) * tickSpacing
  const upper = Math.ceil((tick + half) / tickSpacing) * tickSpacing
  return { tickLower: Math.max(full.tickLower, lower), tickUpper: Math.min(full.tickUpper, upper) }
}

/** v2 deposits: the other side at the pair's ratio (the router's quote), rounded down. */
export function v2Linked(reserve0: bigint, reserve1: bigint, side: 0 | 1, amount: bigint): AddAmounts | null {
  if (amount <= 0n) return null
  const amount0 = side === 0 ? amount : (amount * reserve0) / reserve1
  const amount1 = side === 1 ? amount : (amount * reserve1) / reserve0
  return amount0 > 0n && amount1 > 0n ? { liquidity: 0n, amount0, amount1 } : null
}

export interface CreatePlan {
  readonly pool: PoolChoice
  /** Set when the pool does not exist yet: the price it is created at. */
  readonly createAt: bigint | null
  readonly tickLower: number
  readonly tickUpper: number
  readonly amounts: AddAmounts
  readonly owner: Address
  /** What earlier transactions of the same run pay the wallet first (a v2 removal), per side. */
  readonly incoming?: { readonly amount0: bigint; readonly amount1: bigint }
}

/**
 * The transactions that create the position, in order: approvals (v2/v3 to the router or manager; v4
 * to Permit2 and a Permit2 allowance to the PositionManager), then v4's pool initialization when new,
 * then the deposit. Balances are checked first.
 */
export async function createRequests(
  plan: CreatePlan,
  nowMs: number,
): Promise<{ requests: LiquidityRequest[] } | { problem: AddProblem }> {
  const { pool, amounts, owner } = plan
  const network = findNetwork(pool.network)
  const chainId = network?.chainId ?? 0
  const nativeSymbol = network?.nativeSymbol ?? 'ETH'
  const c = liquidityContracts(pool.network)
  const deadline = BigInt(Math.floor(nowMs / 1000) + DEADLINE_SECONDS)
  const v4 = pool.version === 'v4'
  const spender =
    pool.version === 'v2' ? c.v2Router02 : v4 ? c.v4PositionManager : c.nonfungiblePositionManager
  if (!spender) throw new Error(`No ${pool.version} contracts on ${pool.network}`)
  const max = (amount: bigint) => (v4 ? amount + (amount * BigInt(ADD_SLIPPAGE_BPS)) / 10_000n : amount)
  const funded = await fundingRequests(
    pool.network,
    owner,
    [
      {
        token: pool.token0,
        pay: max(amounts.amount0),
        native: pool.token0.payNative,
        incoming: plan.incoming?.amount0 ?? 0n,
      },
      {
        token: pool.token1,
        pay: max(amounts.amount1),
        native: pool.token1.payNative,
        incoming: plan.incoming?.amount1 ?? 0n,
      },
    ],
    { chainId, spender, permit2: v4, nativeSymbol, nowMs },
  )
  if ('problem' in funded) return funded
  const { requests, value } = funded
  // A new pool takes the amounts at the price it is created at: no slippage to allow for.
  const min = (amount: bigint) => (plan.createAt === null ? withSlippage(amount, ADD_SLIPPAGE_BPS) : 0n)
  if (pool.version === 'v2') {
    const native = pool.token0.payNative ? 'a' : pool.token1.payNative ? 'b' : undefined
    requests.push({
      kind: plan.createAt === null ? 'mint' : 'createPool',
      tx: {
        to: spender,
        data: v2AddLiquidityCalldata({
          a: { token: pool.token0.address, desired: amounts.amount0, min: min(amounts.amount0) },
          b: { token: pool.token1.address, desired: amounts.amount1, min: min(amounts.amount1) },
          ...(native ? { nativeSide: native } : {}),
          to: owner,
          deadline,
        }),
        value,
        chainId,
      },
    })
    return { requests }
  }
  if (pool.version === 'v3') {
    requests.push({
      kind: plan.createAt === null ? 'mint' : 'createPool',
      tx: {
        to: spender,
        data: v3MintCalldata({
          token0: pool.token0.address,
          token1: pool.token1.address,
          fee: pool.fee,
          tickLower: plan.tickLower,
          tickUpper: plan.tickUpper,
          amount0Desired: amounts.amount0,
          amount1Desired: amounts.amount1,
          amount0Min: min(amounts.amount0),
          amount1Min: min(amounts.amount1),
          recipient: owner,
          deadline,
          ...(plan.createAt === null ? {} : { createPoolAt: plan.createAt }),
          payingNative: value > 0n,
        }),
        value,
        chainId,
      },
    })
    return { requests }
  }
  const key = poolKeyOf(pool)
  if (plan.createAt !== null) {
    if (!c.v4PoolManager) throw new Error('No v4 PoolManager')
    // The PoolManager directly: the PositionManager's initializePool swallows a failure (see devnet facts).
    requests.push({
      kind: 'createPool',
      tx: {
        to: c.v4PoolManager,
        data: encodeFunctionData({
          abi: v4PoolManagerAbi,
          functionName: 'initialize',
          args: [key, plan.createAt],
        }),
        value: 0n,
        chainId,
      },
    })
  }
  requests.push({
    kind: 'mint',
    tx: {
      to: spender,
      data: v4ModifyLiquiditiesCalldata(
        v4MintPayload({
          key,
          tickLower: plan.tickLower,
          tickUpper: plan.tickUpper,
          liquidity: amounts.liquidity,
          amount0Max: max(amounts.amount0),
          amount1Max: max(amounts.amount1),
          owner,
        }),
        deadline,
      ),
      value,
      chainId,
    },
  })
  return { requests }
}
