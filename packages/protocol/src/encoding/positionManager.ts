/**
 * v4 PositionManager `modifyLiquidities` payloads: mint, increase and decrease a position, with the
 * settlement the PositionManager needs (pay both currencies; native is paid with msg.value and its
 * unused part swept back to the owner). A mint can instead be paid from tokens already sent to the
 * PositionManager in the same transaction (`payer: 'positionManager'`, the v3 -> v4 migration).
 */
import { type Address, encodeAbiParameters, encodeFunctionData, type Hex, zeroAddress } from 'viem'
import { v4Actions } from '../abis/commands.ts'
import { v4PositionManagerAbi } from '../abis/generated/v4.ts'
import { type PoolKey, poolKeyParameter } from './poolKey.ts'
import { UR_CONTRACT_BALANCE, V4_OPEN_DELTA, type V4Action, v4Plan, v4Settle } from './universalRouter.ts'

/** The native currency in a v4 pool key. */
const NATIVE = zeroAddress

/** MINT_POSITION's parameters: pool key, ticks, liquidity, the two maxima, owner, hook data. */
export const MINT_POSITION_PARAMETERS = [
  poolKeyParameter,
  { type: 'int24' },
  { type: 'int24' },
  { type: 'uint256' },
  { type: 'uint128' },
  { type: 'uint128' },
  { type: 'address' },
  { type: 'bytes' },
] as const

export function v4MintPayload(args: {
  key: PoolKey
  tickLower: number
  tickUpper: number
  liquidity: bigint
  amount0Max: bigint
  amount1Max: bigint
  owner: Address
  hookData?: Hex
  /**
   * Who pays: the caller through Permit2 (default), or the PositionManager from the tokens it holds
   * (sent to it earlier in the same transaction); whatever is left of them is swept to `owner`.
   */
  payer?: 'user' | 'positionManager'
  /**
   * With `payer: 'positionManager'` and a native currency0: the PositionManager first unwraps all
   * the WETH9 it holds (the v3 -> v4 migration of a WETH position into a native-currency pool).
   */
  unwrapWeth?: boolean
}): Hex {
  const params = encodeAbiParameters(MINT_POSITION_PARAMETERS, [
    args.key,
    args.tickLower,
    args.tickUpper,
    args.liquidity,
    args.amount0Max,
    args.amount1Max,
    args.owner,
    args.hookData ?? '0x',
  ])
  const mint = { action: v4Actions.MINT_POSITION, params }
  if (args.payer !== 'positionManager') return settled(args.key, args.owner, mint)
  const { currency0, currency1 } = args.key
  const unwrap: V4Action[] = args.unwrapWeth
    ? [
        {
          action: v4Actions.UNWRAP,
          params: encodeAbiParameters([{ type: 'uint256' }], [UR_CONTRACT_BALANCE]),
        },
      ]
    : []
  return v4Plan([
    ...unwrap,
    mint,
    v4Settle(currency0, V4_OPEN_DELTA, false),
    v4Settle(currency1, V4_OPEN_DELTA, false),
    sweep(currency0, args.owner),
    sweep(currency1, args.owner),
  ])
}

function sweep(currency: Address, to: Address): V4Action {
  return {
    action: v4Actions.SWEEP,
    params: encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [currency, to]),
  }
}

export function v4IncreasePayload(args: {
  key: PoolKey
  tokenId: bigint
  liquidity: bigint
  amount0Max: bigint
  amount1Max: bigint
  owner: Address
}): Hex {
  const params = encodeAbiParameters(
    [{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint128' }, { type: 'uint128' }, { type: 'bytes' }],
    [args.tokenId, args.liquidity, args.amount0Max, args.amount1Max, '0x'],
  )
  return settled(args.key, args.owner, { action: v4Actions.INCREASE_LIQUIDITY, params })
}

/** Decreases a position by `liquidity` and takes both currencies (with the fees owed) to `recipient`. */
export function v4DecreasePayload(args: {
  key: PoolKey
  tokenId: bigint
  liquidity: bigint
  amount0Min?: bigint
  amount1Min?: bigint
  recipient: Address
}): Hex {
  const decrease = encodeAbiParameters(
    [{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint128' }, { type: 'uint128' }, { type: 'bytes' }],
    [args.tokenId, args.liquidity, args.amount0Min ?? 0n, args.amount1Min ?? 0n, '0x'],
  )
  const take = encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'address' }],
    [args.key.currency0, args.key.currency1, args.recipient],
  )
  return v4Plan([
    { action: v4Actions.DECREASE_LIQUIDITY, params: decrease },
    { action: v4Actions.TAKE_PAIR, params: take },
  ])
}

function settled(key: PoolKey, owner: Address, action: V4Action): Hex {
  const actions: V4Action[] = [
    action,
    {
      action: v4Actions.SETTLE_PAIR,
      params: encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [key.currency0, key.currency1]),
    },
  ]
  if (key.currency0 === NATIVE) {
    // Native is paid with msg.value; the unused part stays in the PositionManager until swept.
    actions.push(sweep(NATIVE, owner))
  }
  return v4Plan(actions)
}

/** PositionManager calldata that runs a payload above (`unlockData`) if mined before `deadline` (seconds). */
export function v4ModifyLiquiditiesCalldata(unlockData: Hex, deadline: bigint): Hex {
  return encodeFunctionData({
    abi: v4PositionManagerAbi,
    functionName: 'modifyLiquidities',
    args: [unlockData, deadline],
  })
}
