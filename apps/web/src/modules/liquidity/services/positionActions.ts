import {
  v3CollectCalldata,
  v3DecreaseCalldata,
  v4DecreasePayload,
  v4ModifyLiquiditiesCalldata,
} from '@oxbow/protocol/encoding'
import { type Address, isAddressEqual } from 'viem'
import type { LiquidityRequest } from '../hooks/useLiquidityTransaction.ts'
import { liquidityShare, positionAmounts, withSlippage } from './positionMath.ts'
import type { OnchainPosition } from './readPosition.ts'

/** Removals accept this much less than the amounts shown (basis points). */
export const REMOVE_SLIPPAGE_BPS = 50
/** Transactions expire this long after they are built. */
export const DEADLINE_SECONDS = 20 * 60

const deadline = (nowMs: number) => BigInt(Math.floor(nowMs / 1000) + DEADLINE_SECONDS)

/** True when one side of a v3 position is the network's WETH (it can then be received as the native currency). */
export function hasWrappedNative(position: OnchainPosition, weth9: Address | undefined): boolean {
  return (
    position.version === 'v3' &&
    weth9 !== undefined &&
    (isAddressEqual(position.token0.address, weth9) || isAddressEqual(position.token1.address, weth9))
  )
}

/** Collect every fee owed, to the owner. */
export function collectRequest(
  position: OnchainPosition,
  chainId: number,
  options: { receiveNative: boolean; weth9: Address | undefined },
): LiquidityRequest {
  if (position.version === 'v3') {
    const data = v3CollectCalldata({
      tokenId: position.tokenId,
      token0: position.token0.address,
      token1: position.token1.address,
      recipient: position.owner,
      ...(options.receiveNative && options.weth9 ? { unwrapWeth: options.weth9 } : {}),
    })
    return { kind: 'collectFees', tx: { to: position.manager, data, value: 0n, chainId } }
  }
  if (!position.poolKey) throw new Error('v4 position without a pool key')
  // v4 pays the fees owed on any liquidity change: a decrease of zero collects them.
  const unlock = v4DecreasePayload({
    key: position.poolKey,
    tokenId: position.tokenId,
    liquidity: 0n,
    recipient: position.owner,
  })
  return {
    kind: 'collectFees',
    tx: {
      to: position.manager,
      data: v4ModifyLiquiditiesCalldata(unlock, deadline(Date.now())),
      value: 0n,
      chainId,
    },
  }
}

/** What removing `percent` of the position pays (before fees), at the price it was read at. */
export function removalAmounts(
  position: OnchainPosition,
  percent: number,
): { liquidity: bigint; amount0: bigint; amount1: bigint } {
  const liquidity = liquidityShare(position.liquidity, percent)
  return {
    liquidity,
    ...positionAmounts(position.sqrtPriceX96, position.tickLower, position.tickUpper, liquidity),
  }
}

/** Remove `percent` (1..100) of the liquidity and collect the fees with it. */
export function removeRequest(
  position: OnchainPosition,
  chainId: number,
  options: { percent: number; receiveNative: boolean; weth9: Address | undefined; nowMs: number },
): LiquidityRequest {
  const { liquidity, amount0, amount1 } = removalAmounts(position, options.percent)
  const amount0Min = withSlippage(amount0, REMOVE_SLIPPAGE_BPS)
  const amount1Min = withSlippage(amount1, REMOVE_SLIPPAGE_BPS)
  if (position.version === 'v3') {
    const data = v3DecreaseCalldata({
      tokenId: position.tokenId,
      liquidity,
      amount0Min,
      amount1Min,
      deadline: deadline(options.nowMs),
      token0: position.token0.address,
      token1: position.token1.address,
      recipient: position.owner,
      ...(options.receiveNative && options.weth9 ? { unwrapWeth: options.weth9 } : {}),
    })
    return { kind: 'liquidityDecrease', tx: { to: position.manager, data, value: 0n, chainId } }
  }
  if (!position.poolKey) throw new Error('v4 position without a pool key')
  const unlock = v4DecreasePayload({
    key: position.poolKey,
    tokenId: position.tokenId,
    liquidity,
    amount0Min,
    amount1Min,
    recipient: position.owner,
  })
  return {
    kind: 'liquidityDecrease',
    tx: {
      to: position.manager,
      data: v4ModifyLiquiditiesCalldata(unlock, deadline(options.nowMs)),
      value: 0n,
      chainId,
    },
  }
}
