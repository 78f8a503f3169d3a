/**
 * v3 NonfungiblePositionManager calls for an existing position: collect fees, decrease (remove) and
 * increase (add), each as the calldata of one `multicall` so a native-currency side is wrapped or
 * unwrapped in the same transaction.
 */
import { type Address, encodeFunctionData, type Hex, maxUint128, zeroAddress } from 'viem'
import { nonfungiblePositionManagerAbi as abi } from '../abis/generated/v3.ts'

/** What the owner receives: both tokens as they are, or the wrapped-native side unwrapped. */
export interface V3Payout {
  readonly token0: Address
  readonly token1: Address
  readonly recipient: Address
  /** The network's WETH9 when that side should arrive as the native currency; omit to keep WETH. */
  readonly unwrapWeth?: Address
}

/** `collect` of everything the position holds (removed liquidity and fees) to `recipient`. */
export function v3CollectAllCall(tokenId: bigint, recipient: Address): Hex {
  return encodeFunctionData({
    abi,
    functionName: 'collect',
    args: [{ tokenId, recipient, amount0Max: maxUint128, amount1Max: maxUint128 }],
  })
}

/** `decreaseLiquidity`: removes `liquidity`, owing the position at least the two minimums. */
export function v3DecreaseLiquidityCall(args: {
  tokenId: bigint
  liquidity: bigint
  amount0Min: bigint
  amount1Min: bigint
  deadline: bigint
}): Hex {
  const { tokenId, liquidity, amount0Min, amount1Min, deadline } = args
  return encodeFunctionData({
    abi,
    functionName: 'decreaseLiquidity',
    args: [{ tokenId, liquidity, amount0Min, amount1Min, deadline }],
  })
}

function payoutCalls(payout: V3Payout, tokenId: bigint, min0: bigint, min1: bigint): Hex[] {
  const { token0, token1, recipient, unwrapWeth } = payout
  const unwrapping =
    unwrapWeth !== undefined &&
    (token0.toLowerCase() === unwrapWeth.toLowerCase() || token1.toLowerCase() === unwrapWeth.toLowerCase())
  // recipient 0: the manager keeps the tokens so the calls below can unwrap and sweep them
  const collect = v3CollectAllCall(tokenId, unwrapping ? zeroAddress : recipient)
  if (!unwrapping) return [collect]
  const wethIs0 = token0.toLowerCase() === unwrapWeth.toLowerCase()
  const other = wethIs0 ? token1 : token0
  return [
    collect,
    encodeFunctionData({ abi, functionName: 'unwrapWETH9', args: [wethIs0 ? min0 : min1, recipient] }),
    encodeFunctionData({ abi, functionName: 'sweepToken', args: [other, wethIs0 ? min1 : min0, recipient] }),
  ]
}

const multicall = (calls: Hex[]): Hex => encodeFunctionData({ abi, functionName: 'multicall', args: [calls] })

/** Collects every fee owed to the position. */
export function v3CollectCalldata(args: { tokenId: bigint } & V3Payout): Hex {
  return multicall(payoutCalls(args, args.tokenId, 0n, 0n))
}

/** Removes `liquidity` from the position and pays out the removed amounts with the fees owed. */
export function v3DecreaseCalldata(
  args: {
    tokenId: bigint
    liquidity: bigint
    amount0Min: bigint
    amount1Min: bigint
    deadline: bigint
  } & V3Payout,
): Hex {
  const decrease = v3DecreaseLiquidityCall(args)
  return multicall([decrease, ...payoutCalls(args, args.tokenId, 0n, 0n)])
}

/**
 * Adds to the position. A native-currency side is sent as the transaction's value (the manager
 * wraps it) and the unused part refunded.
 */
export function v3IncreaseCalldata(args: {
  tokenId: bigint
  amount0Desired: bigint
  amount1Desired: bigint
  amount0Min: bigint
  amount1Min: bigint
  deadline: bigint
  payingNative: boolean
}): Hex {
  const increase = encodeFunctionData({
    abi,
    functionName: 'increaseLiquidity',
    args: [
      {
        tokenId: args.tokenId,
        amount0Desired: args.amount0Desired,
        amount1Desired: args.amount1Desired,
        amount0Min: args.amount0Min,
        amount1Min: args.amount1Min,
        deadline: args.deadline,
      },
    ],
  })
  return args.payingNative
    ? multicall([increase, encodeFunctionData({ abi, functionName: 'refundETH' })])
    : multicall([increase])
}

/**
 * Mints a new position, creating and initializing its pool first when `createPoolAt` (a sqrt price)
 * is given (a no-op when the pool already exists). A native-currency side is sent as the
 * transaction's value (wrapped by the manager) and the unused part refunded.
 */
export function v3MintCalldata(args: {
  token0: Address
  token1: Address
  fee: number
  tickLower: number
  tickUpper: number
  amount0Desired: bigint
  amount1Desired: bigint
  amount0Min: bigint
  amount1Min: bigint
  recipient: Address
  deadline: bigint
  createPoolAt?: bigint
  payingNative: boolean
}): Hex {
  const calls: Hex[] = []
  if (args.createPoolAt !== undefined) {
    calls.push(
      encodeFunctionData({
        abi,
        functionName: 'createAndInitializePoolIfNecessary',
        args: [args.token0, args.token1, args.fee, args.createPoolAt],
      }),
    )
  }
  calls.push(
    encodeFunctionData({
      abi,
      functionName: 'mint',
      args: [
        {
          token0: args.token0,
          token1: args.token1,
          fee: args.fee,
          tickLower: args.tickLower,
          tickUpper: args.tickUpper,
          amount0Desired: args.amount0Desired,
          amount1Desired: args.amount1Desired,
          amount0Min: args.amount0Min,
          amount1Min: args.amount1Min,
          recipient: args.recipient,
          deadline: args.deadline,
        },
      ],
    }),
  )
  if (args.payingNative) calls.push(encodeFunctionData({ abi, functionName: 'refundETH' }))
  return multicall(calls)
}
