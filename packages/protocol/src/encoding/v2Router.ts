/**
 * v2 Router02 liquidity calls: add to a pair (the router creates it when missing) and remove from
 * it, with the native currency through the router's ETH variants (WETH wrapped or unwrapped there).
 */
import { type Address, encodeFunctionData, type Hex } from 'viem'
import { v2Router02Abi as abi } from '../abis/generated/v2.ts'

export interface V2Side {
  readonly token: Address
  readonly desired: bigint
  readonly min: bigint
}

/** Adds `a` and `b`; when `nativeSide` names one of them, that side is paid as value (`addLiquidityETH`). */
export function v2AddLiquidityCalldata(args: {
  a: V2Side
  b: V2Side
  nativeSide?: 'a' | 'b'
  to: Address
  deadline: bigint
}): Hex {
  if (args.nativeSide) {
    const token = args.nativeSide === 'a' ? args.b : args.a
    const eth = args.nativeSide === 'a' ? args.a : args.b
    return encodeFunctionData({
      abi,
      functionName: 'addLiquidityETH',
      args: [token.token, token.desired, token.min, eth.min, args.to, args.deadline],
    })
  }
  return encodeFunctionData({
    abi,
    functionName: 'addLiquidity',
    args: [
      args.a.token,
      args.b.token,
      args.a.desired,
      args.b.desired,
      args.a.min,
      args.b.min,
      args.to,
      args.deadline,
    ],
  })
}

/**
 * Burns `liquidity` LP tokens of the pair of `tokenA`/`tokenB` (approved to the router first); with
 * `weth` given and one side being it, that side arrives as the native currency.
 */
export function v2RemoveLiquidityCalldata(args: {
  tokenA: Address
  tokenB: Address
  liquidity: bigint
  amountAMin: bigint
  amountBMin: bigint
  to: Address
  deadline: bigint
  weth?: Address
}): Hex {
  const { weth } = args
  const aIsWeth = weth !== undefined && args.tokenA.toLowerCase() === weth.toLowerCase()
  const bIsWeth = weth !== undefined && args.tokenB.toLowerCase() === weth.toLowerCase()
  if (aIsWeth || bIsWeth) {
    return encodeFunctionData({
      abi,
      functionName: 'removeLiquidityETH',
      args: [
        aIsWeth ? args.tokenB : args.tokenA,
        args.liquidity,
        aIsWeth ? args.amountBMin : args.amountAMin,
        aIsWeth ? args.amountAMin : args.amountBMin,
        args.to,
        args.deadline,
      ],
    })
  }
  return encodeFunctionData({
    abi,
    functionName: 'removeLiquidity',
    args: [
      args.tokenA,
      args.tokenB,
      args.liquidity,
      args.amountAMin,
      args.amountBMin,
      args.to,
      args.deadline,
    ],
  })
}
