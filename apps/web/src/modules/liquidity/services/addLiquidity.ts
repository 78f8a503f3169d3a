import { erc20Abi, PERMIT2_ADDRESS, permit2Abi } from '@oxbow/protocol/abis'
import { v3IncreaseCalldata, v4IncreasePayload, v4ModifyLiquiditiesCalldata } from '@oxbow/protocol/encoding'
import { amount0Delta, amount1Delta, Q96, sqrtPriceAtTick } from '@oxbow/routing'
import { type Address, encodeFunctionData, isAddressEqual, maxUint160, maxUint256 } from 'viem'
import type { LiquidityRequest } from '../hooks/useLiquidityTransaction.ts'
import { publicClientFor } from './chain.ts'
import { DEADLINE_SECONDS } from './positionActions.ts'
import { withSlippage } from './positionMath.ts'
import type { OnchainPosition, PositionToken } from './readPosition.ts'

/** Adds accept this much price movement (basis points): less taken in v3, more allowed to be paid in v4. */
export const ADD_SLIPPAGE_BPS = 50
/** How long a Permit2 allowance given for an add lasts. */
export const PERMIT2_EXPIRATION_SECONDS = 30 * 24 * 3600

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
export function linkedAmounts(
  position: Pick<OnchainPosition, 'sqrtPriceX96' | 'tickLower' | 'tickUpper'>,
  side: 0 | 1,
  amount: bigint,
): AddAmounts | null {
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

/** One side of a deposit: the token, the most it may take, and whether it is paid in the native currency. */
export interface FundingSide {
  readonly token: PositionToken
  readonly pay: bigint
  readonly native: boolean
  /** Arrives in the wallet before the deposit, in an earlier transaction of the same run (a v2 removal). */
  readonly incoming?: bigint
}

/**
 * The approvals a deposit needs, after checking every side's balance (a shortfall is returned
 * instead). v2/v3 (`permit2: false`): the token to `spender` (the router or position manager); v4:
 * the token to Permit2, then a Permit2 allowance to `spender` (the PositionManager), on chain, for 30
 * days. Native sides are paid as the transaction's value, returned as `value`.
 */
export async function fundingRequests(
  network: string,
  owner: Address,
  sides: readonly FundingSide[],
  options: { chainId: number; spender: Address; permit2: boolean; nativeSymbol: string; nowMs: number },
): Promise<{ requests: LiquidityRequest[]; value: bigint } | { problem: AddProblem }> {
  const client = publicClientFor(network)
  if (!client) throw new Error(`No RPC for ${network}`)
  const requests: LiquidityRequest[] = []
  let value = 0n
  for (const { token, pay, native, incoming = 0n } of sides) {
    if (pay === 0n) continue
    const balance = native
      ? await client.getBalance({ address: owner })
      : await client.readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner],
        })
    if (balance + incoming < pay)
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
    const spender = options.permit2 ? PERMIT2_ADDRESS : options.spender
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
    if (options.permit2) {
      const [permitted, expiration] = await client.readContract({
        address: PERMIT2_ADDRESS,
        abi: permit2Abi,
        functionName: 'allowance',
        args: [owner, token.address, options.spender],
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
                options.spender,
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
  return { requests, value }
}

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
  const owner = position.owner
  const deadline = BigInt(Math.floor(options.nowMs / 1000) + DEADLINE_SECONDS)
  const v4 = position.version === 'v4'
  // v4 may pay up to this much; v3 is told the exact amounts and a floor.
  const max = (amount: bigint) => (v4 ? amount + (amount * BigInt(ADD_SLIPPAGE_BPS)) / 10_000n : amount)
  const funded = await fundingRequests(
    position.network,
    owner,
    [
      { token: position.token0, amount: amounts.amount0 },
      { token: position.token1, amount: amounts.amount1 },
    ].map(({ token, amount }) => ({
      token,
      pay: max(amount),
      native: token.isNative || isNative(token.address, options.payNativeFor),
    })),
    { ...options, spender: position.manager, permit2: v4 },
  )
  if ('problem' in funded) return funded
  const { requests, value } = funded
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
        data: v4ModifyLiquiditiesCalldata(unlock, deadline),
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
