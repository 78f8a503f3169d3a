/**
 * The one encoder of Universal Router 2.x inputs: each function encodes one command's input (the
 * layout of `Dispatcher.sol`), and `v4Plan` encodes a `V4_SWAP` input from V4Router actions. Callers
 * (the trading API's route encoder, the devnet's seed and simulator) compose commands from these;
 * none encodes a router input by hand.
 */
import { type Address, concat, encodeAbiParameters, encodePacked, type Hex, toHex } from 'viem'
import { v4Actions } from '../abis/commands.ts'
import { type PoolKey, poolKeyParameter } from './poolKey.ts'

/** Recipient placeholder: the router itself (`ActionConstants.ADDRESS_THIS`). */
export const UR_ADDRESS_THIS: Address = '0x0000000000000000000000000000000000000002'
/** Amount placeholder: the router's whole balance of the token (`ActionConstants.CONTRACT_BALANCE`). */
export const UR_CONTRACT_BALANCE = 1n << 255n
/** V4Router amount placeholder: settle or take the open delta (`ActionConstants.OPEN_DELTA`). */
export const V4_OPEN_DELTA = 0n

/** One command and its encoded input. */
export interface UrCommand {
  readonly command: number
  readonly input: Hex
}

/** `execute(commands, inputs, …)`'s first two arguments. */
export function urExecuteArgs(commands: readonly UrCommand[]): { commands: Hex; inputs: Hex[] } {
  return { commands: byteString(commands.map((c) => c.command)), inputs: commands.map((c) => c.input) }
}

/** One byte per command or action. */
export function byteString(codes: readonly number[]): Hex {
  return concat(codes.map((code) => toHex(code, { size: 1 })))
}

/**
 * `V2_SWAP_EXACT_IN` / `V2_SWAP_EXACT_OUT` input: recipient, the exact amount (in, or out), the
 * limit (minimum out, or maximum in), the token path, and whether the user pays (through Permit2)
 * or the router pays from its own balance.
 */
export function v2SwapInput(args: {
  recipient: Address
  amount: bigint
  limit: bigint
  path: readonly Address[]
  payerIsUser: boolean
}): Hex {
  return encodeAbiParameters(
    [{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'address[]' }, { type: 'bool' }],
    [args.recipient, args.amount, args.limit, args.path, args.payerIsUser],
  )
}

/** `V3_SWAP_EXACT_IN` / `V3_SWAP_EXACT_OUT` input: as v2, with a packed path (see {@link v3Path}). */
export function v3SwapInput(args: {
  recipient: Address
  amount: bigint
  limit: bigint
  path: Hex
  payerIsUser: boolean
}): Hex {
  return encodeAbiParameters(
    [{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'bytes' }, { type: 'bool' }],
    [args.recipient, args.amount, args.limit, args.path, args.payerIsUser],
  )
}

/**
 * A v3 packed path: token, fee, token, fee, …, token. Exact input runs it from the input token;
 * exact output expects it reversed (from the output token), which `reverse` does.
 */
export function v3Path(tokens: readonly Address[], fees: readonly number[], reverse = false): Hex {
  if (tokens.length !== fees.length + 1) throw new Error('a v3 path has one more token than fees')
  const order = reverse ? [...tokens].reverse() : tokens
  const feeOrder = reverse ? [...fees].reverse() : fees
  const types: string[] = []
  const values: (Address | number)[] = []
  order.forEach((token, i) => {
    types.push('address')
    values.push(token)
    if (i < feeOrder.length) {
      types.push('uint24')
      values.push(feeOrder[i] as number)
    }
  })
  return encodePacked(types, values)
}

/** `WRAP_ETH` input: wraps `amount` of the router's native balance to WETH for `recipient`. */
export function wrapEthInput(recipient: Address, amount: bigint): Hex {
  return encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [recipient, amount])
}

/** `UNWRAP_WETH` input: unwraps all the router's WETH (at least `amountMin`) to `recipient`. */
export function unwrapWethInput(recipient: Address, amountMin: bigint): Hex {
  return encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [recipient, amountMin])
}

/** `SWEEP` input: sends the router's whole balance of `token` (at least `amountMin`) to `recipient`. */
export function sweepInput(token: Address, recipient: Address, amountMin: bigint): Hex {
  return encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'uint160' }],
    [token, recipient, amountMin],
  )
}

/** `PERMIT2_TRANSFER_FROM` input: pulls `amount` of `token` from the caller through Permit2. */
export function permit2TransferFromInput(token: Address, recipient: Address, amount: bigint): Hex {
  return encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'uint160' }],
    [token, recipient, amount],
  )
}

/** A Permit2 `PermitSingle` as signed with {@link permit2PermitSingleTypes}. */
export interface PermitSingle {
  readonly details: {
    readonly token: Address
    readonly amount: bigint
    readonly expiration: number
    readonly nonce: number
  }
  readonly spender: Address
  readonly sigDeadline: bigint
}

/** `PERMIT2_PERMIT` input: the signed PermitSingle and its signature. */
export function permit2PermitInput(permit: PermitSingle, signature: Hex): Hex {
  return encodeAbiParameters(
    [
      {
        type: 'tuple',
        components: [
          {
            name: 'details',
            type: 'tuple',
            components: [
              { name: 'token', type: 'address' },
              { name: 'amount', type: 'uint160' },
              { name: 'expiration', type: 'uint48' },
              { name: 'nonce', type: 'uint48' },
            ],
          },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
      },
      { type: 'bytes' },
    ],
    [permit, signature],
  )
}

/** One V4Router action and its encoded parameters. */
export interface V4Action {
  readonly action: number
  readonly params: Hex
}

/** A `V4_SWAP` input (or a PositionManager `modifyLiquidities` payload): the actions in order. */
export function v4Plan(actions: readonly V4Action[]): Hex {
  return encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'bytes[]' }],
    [byteString(actions.map((a) => a.action)), actions.map((a) => a.params)],
  )
}

const hookDataOf = (hookData: Hex | undefined): Hex => hookData ?? '0x'

/**
 * The `ExactInputSingleParams` / `ExactOutputSingleParams` tuple: both name the exact amount and
 * its limit differently but share one layout (pool key, direction, two uint128, hook data).
 */
function singleSwapParams<const E extends string, const L extends string>(exact: E, limit: L) {
  return {
    type: 'tuple',
    components: [
      { name: 'poolKey', ...poolKeyParameter },
      { name: 'zeroForOne', type: 'bool' },
      { name: exact, type: 'uint128' },
      { name: limit, type: 'uint128' },
      { name: 'hookData', type: 'bytes' },
    ],
  } as const
}

/** `SWAP_EXACT_IN_SINGLE`: exactly `amountIn` through one pool, at least `amountOutMinimum` out. */
export function v4SwapExactInSingle(args: {
  poolKey: PoolKey
  zeroForOne: boolean
  amountIn: bigint
  amountOutMinimum: bigint
  hookData?: Hex
}): V4Action {
  const params = encodeAbiParameters(
    [singleSwapParams('amountIn', 'amountOutMinimum')],
    [{ ...args, hookData: hookDataOf(args.hookData) }],
  )
  return { action: v4Actions.SWAP_EXACT_IN_SINGLE, params }
}

/** `SWAP_EXACT_OUT_SINGLE`: exactly `amountOut` through one pool, at most `amountInMaximum` in. */
export function v4SwapExactOutSingle(args: {
  poolKey: PoolKey
  zeroForOne: boolean
  amountOut: bigint
  amountInMaximum: bigint
  hookData?: Hex
}): V4Action {
  const params = encodeAbiParameters(
    [singleSwapParams('amountOut', 'amountInMaximum')],
    [{ ...args, hookData: hookDataOf(args.hookData) }],
  )
  return { action: v4Actions.SWAP_EXACT_OUT_SINGLE, params }
}

/** `SETTLE`: pays `amount` (or the open delta) of `currency`, from the user or the router. */
export function v4Settle(currency: Address, amount: bigint, payerIsUser: boolean): V4Action {
  return {
    action: v4Actions.SETTLE,
    params: encodeAbiParameters(
      [{ type: 'address' }, { type: 'uint256' }, { type: 'bool' }],
      [currency, amount, payerIsUser],
    ),
  }
}

/** `SETTLE_ALL`: the user pays the whole open delta of `currency`, at most `maxAmount`. */
export function v4SettleAll(currency: Address, maxAmount: bigint): V4Action {
  return {
    action: v4Actions.SETTLE_ALL,
    params: encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [currency, maxAmount]),
  }
}

/** `TAKE`: sends `amount` (or the open delta) of `currency` to `recipient`. */
export function v4Take(currency: Address, recipient: Address, amount: bigint): V4Action {
  return {
    action: v4Actions.TAKE,
    params: encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }],
      [currency, recipient, amount],
    ),
  }
}

/** `TAKE_ALL`: the caller takes the whole open delta of `currency`, at least `minAmount`. */
export function v4TakeAll(currency: Address, minAmount: bigint): V4Action {
  return {
    action: v4Actions.TAKE_ALL,
    params: encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [currency, minAmount]),
  }
}

/**
 * A whole `V4_SWAP` input for one exact-input hop paid by the caller: swap, settle all of the input
 * (at most `amountIn`), take all of the output (at least `amountOutMinimum`).
 */
export function v4ExactInSingleSwap(args: {
  poolKey: PoolKey
  zeroForOne: boolean
  amountIn: bigint
  amountOutMinimum: bigint
}): Hex {
  const { poolKey, zeroForOne } = args
  const [currencyIn, currencyOut] = zeroForOne
    ? [poolKey.currency0, poolKey.currency1]
    : [poolKey.currency1, poolKey.currency0]
  return v4Plan([
    v4SwapExactInSingle(args),
    v4SettleAll(currencyIn, args.amountIn),
    v4TakeAll(currencyOut, args.amountOutMinimum),
  ])
}

/** `TRANSFER` input: sends exactly `amount` of the router's `token` (zero address: native) to `recipient`. */
export function transferInput(token: Address, recipient: Address, amount: bigint): Hex {
  return encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }],
    [token, recipient, amount],
  )
}
