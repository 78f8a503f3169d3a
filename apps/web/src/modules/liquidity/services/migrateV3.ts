/**
 * Migrating a v3 position to v4 (issue #13) in one Universal Router transaction: all the v3
 * liquidity is removed and collected (fees included) to the v4 PositionManager, which mints the new
 * position from it and sweeps the rest back to the owner (`v3ToV4MigrateCalldata`). A missing v4
 * pool is created at the v3 pool's price. The router must first be approved for the v3 NFT.
 */
import { v3ToV4MigrateCalldata } from '@oxbow/protocol/encoding'
import { tickAtSqrtPrice } from '@oxbow/routing'
import { type Address, encodeFunctionData, erc721Abi, isAddressEqual } from 'viem'
import type { LiquidityRequest } from '../hooks/useLiquidityTransaction.ts'
import { ADD_SLIPPAGE_BPS, type AddAmounts } from './addLiquidity.ts'
import { liquidityContracts, publicClientFor } from './chain.ts'
import { type PoolChoice, poolKeyOf } from './createPosition.ts'
import { migratedAmounts } from './migrate.ts'
import { DEADLINE_SECONDS } from './positionActions.ts'
import { fullRangeTicks, isFullRange, withSlippage } from './positionMath.ts'
import type { OnchainPosition, PositionToken } from './readPosition.ts'

export interface V3MigrationPlan {
  /** The v4 pool: the v3 position's pair, the chosen fee, tick spacing and hook. */
  readonly pool: PoolChoice
  /** Set when the v4 pool does not exist yet: the price it is created at (the v3 pool's). */
  readonly createAt: bigint | null
  /** The v4 pool's price (its own, or `createAt`). */
  readonly sqrtPriceX96: bigint
  readonly tickLower: number
  readonly tickUpper: number
  /**
   * Into a native-currency pool (`inV4Order` with a native token): the collected WETH9 is unwrapped,
   * and `flipped` when WETH9 was the v3 pool's token1 (the native currency is always v4's currency0).
   */
  readonly unwrapWeth?: boolean
  readonly flipped?: boolean
}

/**
 * The v3 position as the v4 pool will order it. With `native` (the network's native currency) the
 * WETH9 side becomes it: native is currency0 in v4, so when WETH9 was token1 the pair turns over
 * (amounts and fees swapped, the range and the price inverted). Null when it has no WETH9 side.
 */
export function inV4Order(
  p: OnchainPosition,
  weth9: Address | undefined,
  native: PositionToken | null,
): { readonly position: OnchainPosition; readonly flipped: boolean; readonly unwrapWeth: boolean } | null {
  if (!native) return { position: p, flipped: false, unwrapWeth: false }
  if (!weth9) return null
  if (isAddressEqual(p.token0.address, weth9)) {
    return { position: { ...p, token0: native }, flipped: false, unwrapWeth: true }
  }
  if (!isAddressEqual(p.token1.address, weth9)) return null
  return {
    position: {
      ...p,
      token0: native,
      token1: p.token0,
      amount0: p.amount1,
      amount1: p.amount0,
      fees0: p.fees1,
      fees1: p.fees0,
      tickLower: -p.tickUpper,
      tickUpper: -p.tickLower,
      tick: tickAtSqrtPrice(invertSqrtPrice(p.sqrtPriceX96)),
      sqrtPriceX96: invertSqrtPrice(p.sqrtPriceX96),
    },
    flipped: true,
    unwrapWeth: true,
  }
}

/** The Q64.96 sqrt price of the inverse pair (token0 per token1), rounded down. */
export function invertSqrtPrice(sqrtPriceX96: bigint): bigint {
  return sqrtPriceX96 === 0n ? 0n : (1n << 192n) / sqrtPriceX96
}

export interface V3MigrationAmounts {
  /** Least the v3 removal pays (slippage allowed), fees excluded. */
  readonly min0: bigint
  readonly min1: bigint
  /** What the v4 PositionManager is sure to receive: those minimums plus the fees owed. */
  readonly available0: bigint
  readonly available1: bigint
  /** The v4 position and what it takes. */
  readonly deposit: AddAmounts
  /** Expected back in the wallet: everything removed and collected minus the deposit. */
  readonly refund0: bigint
  readonly refund1: bigint
}

/**
 * What the migration moves: the v4 range takes what it can of the collected amounts at the v4
 * pool's price. An existing pool's price may move before the transaction lands: the liquidity is
 * sized 0.5 % under what arrives so the deposit still fits. Null when the range buys nothing.
 */
export function v3MigrationAmounts(p: OnchainPosition, plan: V3MigrationPlan): V3MigrationAmounts | null {
  if (p.liquidity === 0n) return null
  const min0 = withSlippage(p.amount0, ADD_SLIPPAGE_BPS)
  const min1 = withSlippage(p.amount1, ADD_SLIPPAGE_BPS)
  const available0 = min0 + p.fees0
  const available1 = min1 + p.fees1
  const sized = (amount: bigint) => (plan.createAt === null ? withSlippage(amount, ADD_SLIPPAGE_BPS) : amount)
  const deposit = migratedAmounts(plan, sized(available0), sized(available1))
  if (!deposit) return null
  return {
    min0,
    min1,
    available0,
    available1,
    deposit,
    refund0: p.amount0 + p.fees0 - deposit.amount0,
    refund1: p.amount1 + p.fees1 - deposit.amount1,
  }
}

/**
 * The transactions, in order (`p` in the v4 pool's order, see `inV4Order`): the v3 NFT approved to the Universal Router (unless it already is),
 * then the migration. Null when the network lacks a contract or the range takes nothing.
 */
export async function migrateV3Requests(
  p: OnchainPosition,
  plan: V3MigrationPlan,
  options: { chainId: number; nowMs: number },
): Promise<LiquidityRequest[] | null> {
  const client = publicClientFor(p.network)
  const {
    universalRouter,
    v4PositionManager,
    nonfungiblePositionManager: npm,
  } = liquidityContracts(p.network)
  if (!client || !universalRouter || !v4PositionManager || !npm || p.version !== 'v3') return null
  const amounts = v3MigrationAmounts(p, plan)
  if (!amounts) return null
  const requests: LiquidityRequest[] = []
  const [approved, operator] = await Promise.all([
    client.readContract({ address: npm, abi: erc721Abi, functionName: 'getApproved', args: [p.tokenId] }),
    client.readContract({
      address: npm,
      abi: erc721Abi,
      functionName: 'isApprovedForAll',
      args: [p.owner, universalRouter],
    }),
  ])
  if (!operator && !isAddressEqual(approved, universalRouter)) {
    requests.push({
      kind: 'approve',
      tx: {
        to: npm,
        data: encodeFunctionData({
          abi: erc721Abi,
          functionName: 'approve',
          args: [universalRouter, p.tokenId],
        }),
        value: 0n,
        chainId: options.chainId,
      },
    })
  }
  requests.push({
    kind: 'migrateLiquidity',
    tx: {
      to: universalRouter,
      data: v3ToV4MigrateCalldata({
        tokenId: p.tokenId,
        liquidity: p.liquidity,
        // The v3 removal's minimums in the v3 pool's order.
        amount0Min: plan.flipped ? amounts.min1 : amounts.min0,
        amount1Min: plan.flipped ? amounts.min0 : amounts.min1,
        v4PositionManager,
        key: poolKeyOf(plan.pool),
        ...(plan.createAt === null ? {} : { initializeAt: plan.createAt }),
        tickLower: plan.tickLower,
        tickUpper: plan.tickUpper,
        mintLiquidity: amounts.deposit.liquidity,
        amount0Max: amounts.available0,
        amount1Max: amounts.available1,
        owner: p.owner,
        deadline: BigInt(Math.floor(options.nowMs / 1000) + DEADLINE_SECONDS),
        unwrapWeth: plan.unwrapWeth ?? false,
      }),
      value: 0n,
      chainId: options.chainId,
    },
  })
  return requests
}

/** The range: ticks (the v3 position's own, or a preset), or prices as typed. */
export type MigrationRange =
  | { readonly kind: 'ticks'; readonly tickLower: number; readonly tickUpper: number }
  | { readonly kind: 'typed'; readonly min: string; readonly max: string }

/** A range on another tick spacing: full stays full, else the nearest usable ticks (never empty). */
export function snapRange(
  range: { tickLower: number; tickUpper: number },
  fromSpacing: number,
  tickSpacing: number,
): { tickLower: number; tickUpper: number } {
  const full = fullRangeTicks(tickSpacing)
  if (isFullRange(range.tickLower, range.tickUpper, fromSpacing)) return full
  const lower = Math.max(full.tickLower, Math.round(range.tickLower / tickSpacing) * tickSpacing)
  const upper = Math.min(full.tickUpper, Math.round(range.tickUpper / tickSpacing) * tickSpacing)
  return lower < upper
    ? { tickLower: lower, tickUpper: upper }
    : { tickLower: lower, tickUpper: lower + tickSpacing }
}
