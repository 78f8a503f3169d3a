/**
 * Migrating a v2 position to v3 through the V3Migrator (issue #13): all the account's LP tokens are
 * burned and the range takes what it can at the v3 pool's price (a missing pool is created at the
 * v2 pair's price); the rest is refunded, the WETH side as ETH when asked.
 */
import { erc20Abi } from '@oxbow/protocol/abis'
import { v3MigrateCalldata } from '@oxbow/protocol/encoding'
import { encodeFunctionData, maxUint256 } from 'viem'
import type { LiquidityRequest } from '../hooks/useLiquidityTransaction.ts'
import { ADD_SLIPPAGE_BPS, type AddAmounts, linkedAmounts } from './addLiquidity.ts'
import { liquidityContracts, publicClientFor } from './chain.ts'
import { DEADLINE_SECONDS } from './positionActions.ts'
import { withSlippage } from './positionMath.ts'
import type { V2Position } from './v2Position.ts'

/**
 * What the range takes of the burned amounts at `sqrtPriceX96`: the larger liquidity that both
 * amounts can pay for. Null when the amounts buy nothing there.
 */
export function migratedAmounts(
  range: { sqrtPriceX96: bigint; tickLower: number; tickUpper: number },
  amount0: bigint,
  amount1: bigint,
): AddAmounts | null {
  const candidates = [linkedAmounts(range, 0, amount0), linkedAmounts(range, 1, amount1)].filter(
    (c): c is AddAmounts => c !== null && c.amount0 <= amount0 && c.amount1 <= amount1,
  )
  return candidates.sort((a, b) => (a.liquidity > b.liquidity ? -1 : 1))[0] ?? null
}

export async function migrateV2Requests(
  position: V2Position,
  plan: {
    fee: number
    tickLower: number
    tickUpper: number
    sqrtPriceX96: bigint
    createPool: boolean
    refundAsETH: boolean
    chainId: number
    nowMs: number
  },
): Promise<LiquidityRequest[] | null> {
  const owner = position.owner
  const client = publicClientFor(position.network)
  const { v3Migrator } = liquidityContracts(position.network)
  if (!owner || !client || !v3Migrator || position.balance === 0n) return null
  const expected = migratedAmounts(plan, position.amount0, position.amount1)
  if (!expected) return null
  const requests: LiquidityRequest[] = []
  const allowance = await client.readContract({
    address: position.pair,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, v3Migrator],
  })
  if (allowance < position.balance) {
    requests.push({
      kind: 'approve',
      tx: {
        to: position.pair,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [v3Migrator, maxUint256] }),
        value: 0n,
        chainId: plan.chainId,
      },
    })
  }
  // A new pool takes the amounts at the price it is created at.
  const min = (amount: bigint) =>
    plan.createPool ? (amount * 9_990n) / 10_000n : withSlippage(amount, ADD_SLIPPAGE_BPS)
  requests.push({
    kind: 'migrateLiquidity',
    tx: {
      to: v3Migrator,
      data: v3MigrateCalldata({
        pair: position.pair,
        liquidityToMigrate: position.balance,
        percentageToMigrate: 100,
        token0: position.token0.address,
        token1: position.token1.address,
        fee: plan.fee,
        tickLower: plan.tickLower,
        tickUpper: plan.tickUpper,
        amount0Min: min(expected.amount0),
        amount1Min: min(expected.amount1),
        recipient: owner,
        deadline: BigInt(Math.floor(plan.nowMs / 1000) + DEADLINE_SECONDS),
        refundAsETH: plan.refundAsETH,
        ...(plan.createPool ? { createPoolAt: plan.sqrtPriceX96 } : {}),
      }),
      value: 0n,
      chainId: plan.chainId,
    },
  })
  return requests
}
