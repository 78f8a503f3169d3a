/**
 * Encoders for what the seed, the history and the market simulator send: Universal Router swaps on
 * v2, v3 and v4 pools, and v4 PositionManager liquidity calls. Hand-encoded with viem (the
 * universal-router-sdk needs a newer router version for v4, see devnet-facts).
 */
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { urCommands, v4Actions } from '@oxbow/protocol'
import { type Address, concat, encodeAbiParameters, encodePacked, type Hex, keccak256, toHex } from 'viem'

export interface PoolKey {
  readonly currency0: Address
  readonly currency1: Address
  readonly fee: number
  readonly tickSpacing: number
  readonly hooks: Address
}

const poolKeyComponents = [
  { name: 'currency0', type: 'address' },
  { name: 'currency1', type: 'address' },
  { name: 'fee', type: 'uint24' },
  { name: 'tickSpacing', type: 'int24' },
  { name: 'hooks', type: 'address' },
] as const
const poolKeyParam = { type: 'tuple', components: poolKeyComponents } as const

export function poolIdOf(key: PoolKey): Hex {
  return keccak256(encodeAbiParameters([poolKeyParam], [key]))
}

function actionBytes(actions: readonly number[]): Hex {
  return concat(actions.map((a) => toHex(a, { size: 1 })))
}

/** `V4_SWAP` input: exact-in single-hop swap, settling the input and taking all output. */
export function v4SwapInput(args: {
  key: PoolKey
  zeroForOne: boolean
  amountIn: bigint
  amountOutMinimum: bigint
  hookData?: Hex
}): Hex {
  const { key, zeroForOne } = args
  const [inCurrency, outCurrency] = zeroForOne
    ? [key.currency0, key.currency1]
    : [key.currency1, key.currency0]
  const swap = encodeAbiParameters(
    [
      {
        type: 'tuple',
        components: [
          { name: 'poolKey', ...poolKeyParam },
          { name: 'zeroForOne', type: 'bool' },
          { name: 'amountIn', type: 'uint128' },
          { name: 'amountOutMinimum', type: 'uint128' },
          { name: 'hookData', type: 'bytes' },
        ],
      },
    ],
    [
      {
        poolKey: key,
        zeroForOne,
        amountIn: args.amountIn,
        amountOutMinimum: args.amountOutMinimum,
        hookData: args.hookData ?? '0x',
      },
    ],
  )
  const settle = encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [inCurrency, args.amountIn])
  const take = encodeAbiParameters(
    [{ type: 'address' }, { type: 'uint256' }],
    [outCurrency, args.amountOutMinimum],
  )
  return encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'bytes[]' }],
    [
      actionBytes([v4Actions.SWAP_EXACT_IN_SINGLE, v4Actions.SETTLE_ALL, v4Actions.TAKE_ALL]),
      [swap, settle, take],
    ],
  )
}

/** `V2_SWAP_EXACT_IN` input (payer is the caller, through Permit2). */
export function v2SwapInput(args: {
  recipient: Address
  amountIn: bigint
  amountOutMin: bigint
  path: readonly Address[]
}): Hex {
  return encodeAbiParameters(
    [{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'address[]' }, { type: 'bool' }],
    [args.recipient, args.amountIn, args.amountOutMin, args.path, true],
  )
}

/** `V3_SWAP_EXACT_IN` input for one hop (payer is the caller, through Permit2). */
export function v3SwapInput(args: {
  recipient: Address
  amountIn: bigint
  amountOutMin: bigint
  tokenIn: Address
  fee: number
  tokenOut: Address
}): Hex {
  const path = encodePacked(['address', 'uint24', 'address'], [args.tokenIn, args.fee, args.tokenOut])
  return encodeAbiParameters(
    [{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'bytes' }, { type: 'bool' }],
    [args.recipient, args.amountIn, args.amountOutMin, path, true],
  )
}

/** Commands byte string for UniversalRouter.execute. */
export function urCommandBytes(...commands: number[]): Hex {
  return actionBytes(commands)
}
export { urCommands }

/** PositionManager.modifyLiquidities payload: mint a position and pay for it. */
export function v4MintPayload(args: {
  key: PoolKey
  tickLower: number
  tickUpper: number
  liquidity: bigint
  amount0Max: bigint
  amount1Max: bigint
  owner: Address
}): Hex {
  const mint = encodeAbiParameters(
    [
      poolKeyParam,
      { type: 'int24' },
      { type: 'int24' },
      { type: 'uint256' },
      { type: 'uint128' },
      { type: 'uint128' },
      { type: 'address' },
      { type: 'bytes' },
    ],
    [
      args.key,
      args.tickLower,
      args.tickUpper,
      args.liquidity,
      args.amount0Max,
      args.amount1Max,
      args.owner,
      '0x',
    ],
  )
  return settleAndSweep(args.key, args.owner, v4Actions.MINT_POSITION, mint)
}

export function v4IncreasePayload(args: {
  key: PoolKey
  tokenId: bigint
  liquidity: bigint
  amount0Max: bigint
  amount1Max: bigint
  owner: Address
}): Hex {
  const increase = encodeAbiParameters(
    [{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint128' }, { type: 'uint128' }, { type: 'bytes' }],
    [args.tokenId, args.liquidity, args.amount0Max, args.amount1Max, '0x'],
  )
  return settleAndSweep(args.key, args.owner, v4Actions.INCREASE_LIQUIDITY, increase)
}

export function v4DecreasePayload(args: {
  key: PoolKey
  tokenId: bigint
  liquidity: bigint
  recipient: Address
}): Hex {
  const decrease = encodeAbiParameters(
    [{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint128' }, { type: 'uint128' }, { type: 'bytes' }],
    [args.tokenId, args.liquidity, 0n, 0n, '0x'],
  )
  const take = encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'address' }],
    [args.key.currency0, args.key.currency1, args.recipient],
  )
  return encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'bytes[]' }],
    [actionBytes([v4Actions.DECREASE_LIQUIDITY, v4Actions.TAKE_PAIR]), [decrease, take]],
  )
}

function settleAndSweep(key: PoolKey, owner: Address, action: number, params: Hex): Hex {
  const settle = encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }],
    [key.currency0, key.currency1],
  )
  const actions = [action, v4Actions.SETTLE_PAIR]
  const all = [params, settle]
  if (key.currency0 === NATIVE_CURRENCY_ADDRESS) {
    // Native is paid with msg.value; the unused part stays in the PositionManager until swept.
    actions.push(v4Actions.SWEEP)
    all.push(
      encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [NATIVE_CURRENCY_ADDRESS, owner]),
    )
  }
  return encodeAbiParameters([{ type: 'bytes' }, { type: 'bytes[]' }], [actionBytes(actions), all])
}
