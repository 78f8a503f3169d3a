import { erc20Abi, PERMIT2_ADDRESS, permit2Abi, v4PositionManagerAbi } from '@oxbow/protocol/abis'
import { v3IncreaseCalldata, v4IncreasePayload } from '@oxbow/protocol/encoding'
import { amount0Delta, amount1Delta, Q96, sqrtPriceAtTick } from '@oxbow/routing'
import { type Address, encodeFunctionData, isAddressEqual, maxUint160, maxUint256 } from 'viem'
import type { LiquidityRequest } from '../hooks/useLiquidityTransaction.ts'
import { publicClientFor } from './chain.ts'
import { DEADLINE_SECONDS } from './positionActions.ts'
import { withSlippage } from './positionMath.ts'
import type { OnchainPosition } from './readPosition.ts'

/** Adds accept this much price movement (basis points): less taken in v3, more allowed to be paid in v4. */
export const ADD_SLIPPAGE_BPS = 50
/** How long a Permit2 allowance given for an add lasts. */
const PERMIT2_EXPIRATION_SECONDS = 30 * 24 * 3600

export interface AddAmounts {
  readonly liquidity: bigint
  readonly amount0: bigint
  readonly amount1: bigint
}

/**
 * The liquidity one side's amount buys in the position's range at its pool's price, and what both
 * sides then cost (rounded up, as the pool takes them). Null when that side cannot be deposited at
 * this price (the range holds only the other token) or the amount buys no liquidity.
 */
export function linkedAmounts(position: OnchainPosition, side: 0 | 1, amount: bigint): AddAmounts | null {
  const sa = sqrtPriceAtTick(position.tickLower)
  const sb = sqrtPriceAtTick(position.tickUpper)
  // The price clamped into the range (bigint: Math.min/max do not apply).
  let sp = position.sqrtPriceX96
  if (sp < sa) sp = sa
  if (sp > sb) sp = sb
  if (amount <= 0n) return null
  let liquidity: bigint
  if (side === 0) {
    if (sp >= sb) return null
    liquidity = (amount * ((sp * sb) / Q96)) / (sb - sp)
  } else {
    if (sp <= sa) return null
    liquidity = (amount * Q96) / (sp - sa)
  }
  if (liquidity <= 0n) return null
  return {
    liquidity,
    amount0: sp < sb ? amount0Delta(sp, sb, liquidity, true) : 0n,
    amount1: sp > sa ? amount1Delta(sa, sp, liquidity, true) : 0n,
  }
}

export type AddProblem = { readonly kind: 'insufficientBalance'; readonly symbol: string }

const isNative = (token: Address, payNativeFor: Address | undefined) =>
  payNativeFor !== undefined && isAddressEqual(token, payNativeFor)

/**
 * The transactions of an add, in order: approvals (v3: the token to the position manager; v4: the
 * token to Permit2, then a Permit2 allowance to the PositionManager) where missing, then the add.
 * `payNativeFor`: v3's WETH9 when that side is paid in the native currency (wrapped by the manager).
 * Checks balances first: a shortfall is returned instead of transactions.
 */
export async function addRequests(
  position: OnchainPosition,
  amounts: AddAmounts,
  options: { chainId: number; payNativeFor: Address | undefined; nativeSymbol: string; nowMs: number },
): Promise<{ requests: LiquidityRequest[] } | { problem: AddProblem }> {
  const client = publicClientFor(position.network)
  if (!client) throw new Error(`No RPC for ${position.network}`)
  const owner = position.owner
  const deadline = BigInt(Math.floor(options.nowMs / 1000) + DEADLINE_SECONDS)
  const v4 = position.version === 'v4'
  // v4 may pay up to this much; v3 is told the exact amounts and a floor.
  const max = (amount: bigint) => (v4 ? amount + (amount * BigInt(ADD_SLIPPAGE_BPS)) / 10_000n : amount)
  const sides = [
    { token: position.token0, amount: amounts.amount0 },
    { token: position.token1, amount: amounts.amount1 },
  ] as const
  const requests: LiquidityRequest[] = []
  let value = 0n
  for (const { token, amount } of sides) {
    if (amount === 0n) continue
    const pay = max(amount)
    const native = token.isNative || isNative(token.address, options.payNativeFor)
    const balance = native
      ? await client.getBalance({ address: owner })
      : await client.readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner],
        })
    if (balance < pay)
      return {
        problem: {
          kind: 'insufficientBalance',
          symbol: native && !token.isNative ? options.nativeSymbol : token.symbol,
        },
      }
    if (native) {
      value += pay
      continue
    }
    const spender = v4 ? PERMIT2_ADDRESS : position.manager
    const allowance = await client.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [owner, spender],
    })
    if (allowance < pay) {
      requests.push({
        kind: 'approve',
        tx: {
          to: token.address,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }),
          value: 0n,
          chainId: options.chainId,
        },
      })
    }
    if (v4) {
      const [permitted, expiration] = await client.readContract({
        address: PERMIT2_ADDRESS,
        abi: permit2Abi,
        functionName: 'allowance',
        args: [owner, token.address, position.manager],
      })
      if (permitted < pay || expiration * 1000 <= options.nowMs + 60_000) {
        requests.push({
          kind: 'approve',
          tx: {
            to: PERMIT2_ADDRESS,
            data: encodeFunctionData({
              abi: permit2Abi,
              functionName: 'approve',
              args: [
                token.address,
                position.manager,
                maxUint160,
                Math.floor(options.nowMs / 1000) + PERMIT2_EXPIRATION_SECONDS,
              ],
            }),
            value: 0n,
            chainId: options.chainId,
          },
        })
      }
    }
  }
  if (v4) {
    if (!position.poolKey) throw new Error('v4 position without a pool key')
    const unlock = v4IncreasePayload({
      key: position.poolKey,
      tokenId: position.tokenId,
      liquidity: amounts.liquidity,
      amount0Max: max(amounts.amount0),
      amount1Max: max(amounts.amount1),
      owner,
    })
    requests.push({
      kind: 'liquidityIncrease',
      tx: {
        to: position.manager,
        data: encodeFunctionData({
          abi: v4PositionManagerAbi,
          functionName: 'modifyLiquidities',
          args: [unlock, deadline],
        }),
        value,
        chainId: options.chainId,
      },
    })
  } else {
    requests.push({
      kind: 'liquidityIncrease',
      tx: {
        to: position.manager,
        data: v3IncreaseCalldata({
          tokenId: position.tokenId,
          amount0Desired: amounts.amount0,
          amount1Desired: amounts.amount1,
          amount0Min: withSlippage(amounts.amount0, ADD_SLIPPAGE_BPS),
          amount1Min: withSlippage(amounts.amount1, ADD_SLIPPAGE_BPS),
          deadline,
          payingNative: value > 0n,
        }),
        value,
        chainId: options.chainId,
      },
    })
  }
  return { requests }
}
