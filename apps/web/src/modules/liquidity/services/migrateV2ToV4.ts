/**
 * v2 -> v4 migration (issue #13). No router command burns v2 LP tokens, so the v2 removal and the v4
 * mint cannot share one transaction; it is a run of the owner's transactions instead: every LP token
 * removed through Router02 to the owner (the WETH side as ETH for a native-currency pool), then the
 * v4 position minted from what that pays, through Permit2 (the create flow's requests). Between the
 * two the tokens sit in the owner's own wallet, never in a contract anyone could sweep them from.
 */
import { type Address, isAddressEqual } from 'viem'
import type { LiquidityRequest } from '../hooks/useLiquidityTransaction.ts'
import { ADD_SLIPPAGE_BPS, type AddAmounts, type AddProblem } from './addLiquidity.ts'
import { type CreateToken, createRequests, type PoolChoice } from './createPosition.ts'
import { migratedAmounts } from './migrate.ts'
import { REMOVE_SLIPPAGE_BPS } from './positionActions.ts'
import { withSlippage } from './positionMath.ts'
import type { PositionToken } from './readPosition.ts'
import { type V2Position, v2RemoveRequests } from './v2Position.ts'

/** The v2 pair as the v4 pool orders it: tokens, what burning every LP token pays, the reserves. */
export interface V2InV4Order {
  readonly token0: CreateToken
  readonly token1: CreateToken
  readonly amount0: bigint
  readonly amount1: bigint
  readonly reserve0: bigint
  readonly reserve1: bigint
  /** WETH9 was the pair's token1: the native currency is v4's currency0, so the pair turned over. */
  readonly flipped: boolean
  /** The WETH9 side is removed as the native currency and deposited as it. */
  readonly native: boolean
}

/**
 * The pair in the v4 pool's order. With `native` the WETH9 side becomes the native currency (always
 * currency0 in v4). Null when asked for native on a pair without WETH9.
 */
export function v2InV4Order(
  p: V2Position,
  weth9: Address | undefined,
  native: PositionToken | null,
): V2InV4Order | null {
  const same = {
    token0: { ...p.token0, payNative: false },
    token1: { ...p.token1, payNative: false },
    amount0: p.amount0,
    amount1: p.amount1,
    reserve0: p.reserve0,
    reserve1: p.reserve1,
    flipped: false,
    native: false,
  }
  if (!native) return same
  if (!weth9) return null
  const nativeToken = { ...native, payNative: true }
  if (isAddressEqual(p.token0.address, weth9)) return { ...same, token0: nativeToken, native: true }
  if (!isAddressEqual(p.token1.address, weth9)) return null
  return {
    token0: nativeToken,
    token1: { ...p.token0, payNative: false },
    amount0: p.amount1,
    amount1: p.amount0,
    reserve0: p.reserve1,
    reserve1: p.reserve0,
    flipped: true,
    native: true,
  }
}

/**
 * What the v4 range takes: sized on the removal's minimums (0.5 % under what burning pays now), less
 * the 0.5 % the mint may pay over its amounts, so the mint never needs more than the removal paid.
 * Null when the range buys nothing.
 */
export function v2ToV4Deposit(
  order: Pick<V2InV4Order, 'amount0' | 'amount1'>,
  range: { sqrtPriceX96: bigint; tickLower: number; tickUpper: number },
): AddAmounts | null {
  const budget = (amount: bigint) => withSlippage(withSlippage(amount, REMOVE_SLIPPAGE_BPS), ADD_SLIPPAGE_BPS)
  return migratedAmounts(range, budget(order.amount0), budget(order.amount1))
}

/**
 * The run, in order: the LP tokens approved to Router02 (unless they are), the removal of all of
 * them, the approvals the v4 deposit needs (Permit2), the pool's initialization when new, the mint
 * (recorded as the migration). Null without an owner or LP tokens; a shortfall as a problem.
 */
export async function migrateV2ToV4Requests(
  p: V2Position,
  order: V2InV4Order,
  plan: {
    readonly pool: PoolChoice
    readonly createAt: bigint | null
    readonly tickLower: number
    readonly tickUpper: number
    readonly deposit: AddAmounts
    readonly chainId: number
    readonly nowMs: number
  },
): Promise<{ requests: LiquidityRequest[] } | { problem: AddProblem } | null> {
  if (!p.owner || p.balance === 0n) return null
  const removal = await v2RemoveRequests(p, {
    percent: 100,
    chainId: plan.chainId,
    receiveNative: order.native,
    nowMs: plan.nowMs,
  })
  const created = await createRequests(
    {
      pool: plan.pool,
      createAt: plan.createAt,
      tickLower: plan.tickLower,
      tickUpper: plan.tickUpper,
      amounts: plan.deposit,
      owner: p.owner,
      incoming: { amount0: order.amount0, amount1: order.amount1 },
    },
    plan.nowMs,
  )
  if ('problem' in created) return created
  const requests = [...removal, ...created.requests]
  const last = requests.at(-1)
  if (last) requests[requests.length - 1] = { ...last, kind: 'migrateLiquidity' }
  return { requests }
}
