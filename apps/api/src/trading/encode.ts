/**
 * Universal Router calldata for a route. Each leg runs hop by hop in order; consecutive v2 or v3
 * hops share one command, intermediate tokens stay in the router (ADDRESS_THIS) and the next hop
 * spends the router's whole balance of them (CONTRACT_BALANCE / OPEN_DELTA). Legs run one after
 * another, so a leg never spends another leg's tokens. Exact output uses the exact-output
 * commands and is limited to paths of one protocol (see {@link exactOutputEncodable}).
 */

import { urCommands, v4Actions } from '@oxbow/protocol'
import type { Path, PoolState, Route } from '@oxbow/routing'
import { type Address, concat, encodeAbiParameters, encodePacked, type Hex, toHex } from 'viem'

export const NATIVE: Address = '0x0000000000000000000000000000000000000000'
const ADDRESS_THIS: Address = '0x0000000000000000000000000000000000000002'
const CONTRACT_BALANCE = 1n << 255n
const OPEN_DELTA = 0n

const poolKeyParam = {
  type: 'tuple',
  components: [
    { name: 'currency0', type: 'address' },
    { name: 'currency1', type: 'address' },
    { name: 'fee', type: 'uint24' },
    { name: 'tickSpacing', type: 'int24' },
    { name: 'hooks', type: 'address' },
  ],
} as const
const exactInSingleParam = {
  type: 'tuple',
  components: [
    { name: 'poolKey', ...poolKeyParam },
    { name: 'zeroForOne', type: 'bool' },
    { name: 'amountIn', type: 'uint128' },
    { name: 'amountOutMinimum', type: 'uint128' },
    { name: 'hookData', type: 'bytes' },
  ],
} as const
const exactOutSingleParam = {
  type: 'tuple',
  components: [
    { name: 'poolKey', ...poolKeyParam },
    { name: 'zeroForOne', type: 'bool' },
    { name: 'amountOut', type: 'uint128' },
    { name: 'amountInMaximum', type: 'uint128' },
    { name: 'hookData', type: 'bytes' },
  ],
} as const

const addressAmount = [{ type: 'address' }, { type: 'uint256' }] as const

interface Command {
  readonly command: number
  readonly input: Hex
}

export interface EncodeArgs {
  readonly route: Route
  /** Receives the output (the swapper unless a recipient was given). */
  readonly recipient: Address
  /** msg.sender of the transaction: gets back unspent native input. */
  readonly swapper: Address
  /** Slippage in basis points (e.g. 50 = 0.5 %). */
  readonly slippageBps: bigint
  /** PERMIT2_PERMIT input to put first, when the swapper signed one. */
  readonly permitInput?: Hex
}

export interface EncodedSwap {
  readonly commands: Hex
  readonly inputs: Hex[]
  readonly value: bigint
}

function poolKeyOf(pool: PoolState) {
  if (pool.kind !== 'v4') throw new Error('not a v4 pool')
  return {
    currency0: pool.token0 as Address,
    currency1: pool.token1 as Address,
    fee: pool.keyFee,
    tickSpacing: pool.tickSpacing,
    hooks: (pool.hooks ?? NATIVE) as Address,
  }
}

function actions(list: number[]): Hex {
  return concat(list.map((a) => toHex(a, { size: 1 })))
}

function v4Input(acts: number[], params: Hex[]): Hex {
  return encodeAbiParameters([{ type: 'bytes' }, { type: 'bytes[]' }], [actions(acts), params])
}

/** Minimum out after slippage (rounded down). */
export function minOut(amount: bigint, slippageBps: bigint): bigint {
  return (amount * (10_000n - slippageBps)) / 10_000n
}
/** Maximum in after slippage (rounded up). */
export function maxIn(amount: bigint, slippageBps: bigint): bigint {
  const n = amount * (10_000n + slippageBps)
  return n / 10_000n + (n % 10_000n === 0n ? 0n : 1n)
}

/** Exact-output legs are single-protocol: all-v2, all-v3, one v4 hop, or a lone wrap/unwrap. */
export function exactOutputEncodable(path: Path): boolean {
  const kinds = new Set(path.pools.map((p) => p.kind))
  if (kinds.size !== 1) return false
  const kind = path.pools[0]?.kind
  if (kind === 'v2' || kind === 'v3') return true
  return path.pools.length === 1
}

function v3PackedPath(tokens: readonly string[], pools: readonly PoolState[], reverse: boolean): Hex {
  const types: string[] = []
  const values: unknown[] = []
  const order = reverse ? [...tokens].reverse() : [...tokens]
  const fees = (reverse ? [...pools].reverse() : [...pools]).map((p) => (p.kind === 'v3' ? p.keyFee : 0))
  for (let i = 0; i < order.length; i++) {
    types.push('address')
    values.push(order[i])
    if (i < fees.length) {
      types.push('uint24')
      values.push(fees[i])
    }
  }
  return encodePacked(types, values)
}

function exactInLeg(
  path: Path,
  amountIn: bigint,
  amountOutMin: bigint,
  recipient: Address,
  out: Command[],
): void {
  const n = path.pools.length
  let i = 0
  while (i < n) {
    const pool = path.pools[i] as PoolState
    const first = i === 0
    const tokenIn = path.tokens[i] as Address
    // a run of the same kind (v2 or v3) shares a command
    let j = i + 1
    if (pool.kind === 'v2' || pool.kind === 'v3') {
      while (j < n && path.pools[j]?.kind === pool.kind) j++
    }
    const last = j === n
    const to = last ? recipient : ADDRESS_THIS
    const min = last ? amountOutMin : 0n
    const payerIsUser = first && tokenIn !== NATIVE
    const amount = first ? amountIn : CONTRACT_BALANCE
    switch (pool.kind) {
      case 'v2':
        out.push({
          command: urCommands.V2_SWAP_EXACT_IN,
          input: encodeAbiParameters(
            [
              { type: 'address' },
              { type: 'uint256' },
              { type: 'uint256' },
              { type: 'address[]' },
              { type: 'bool' },
            ],
            [to, amount, min, path.tokens.slice(i, j + 1) as Address[], payerIsUser],
          ),
        })
        break
      case 'v3':
        out.push({
          command: urCommands.V3_SWAP_EXACT_IN,
          input: encodeAbiParameters(
            [
              { type: 'address' },
              { type: 'uint256' },
              { type: 'uint256' },
              { type: 'bytes' },
              { type: 'bool' },
            ],
            [
              to,
              amount,
              min,
              v3PackedPath(path.tokens.slice(i, j + 1), path.pools.slice(i, j), false),
              payerIsUser,
            ],
          ),
        })
        break
      case 'v4': {
        const key = poolKeyOf(pool)
        const zeroForOne = tokenIn === key.currency0
        const tokenOut = path.tokens[i + 1] as Address
        const swap = (amt: bigint) =>
          encodeAbiParameters(
            [exactInSingleParam],
            [{ poolKey: key, zeroForOne, amountIn: amt, amountOutMinimum: min, hookData: '0x' }],
          )
        const settle = (amt: bigint, user: boolean) =>
          encodeAbiParameters(
            [{ type: 'address' }, { type: 'uint256' }, { type: 'bool' }],
            [tokenIn, amt, user],
          )
        const take = encodeAbiParameters(
          [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }],
          [tokenOut, to, OPEN_DELTA],
        )
        out.push({
          command: urCommands.V4_SWAP,
          input: first
            ? v4Input(
                [v4Actions.SWAP_EXACT_IN_SINGLE, v4Actions.SETTLE, v4Actions.TAKE],
                [swap(amountIn), settle(OPEN_DELTA, payerIsUser), take],
              )
            : v4Input(
                [v4Actions.SETTLE, v4Actions.SWAP_EXACT_IN_SINGLE, v4Actions.TAKE],
                [settle(CONTRACT_BALANCE, false), swap(OPEN_DELTA), take],
              ),
        })
        break
      }
      case 'wrap': {
        if (tokenIn === NATIVE) {
          out.push({ command: urCommands.WRAP_ETH, input: encodeAbiParameters(addressAmount, [to, amount]) })
        } else {
          if (first) {
            out.push({
              command: urCommands.PERMIT2_TRANSFER_FROM,
              input: encodeAbiParameters(
                [{ type: 'address' }, { type: 'address' }, { type: 'uint160' }],
                [tokenIn, ADDRESS_THIS, amountIn],
              ),
            })
          }
          out.push({ command: urCommands.UNWRAP_WETH, input: encodeAbiParameters(addressAmount, [to, min]) })
        }
        break
      }
    }
    i = j
  }
}

function exactOutLeg(
  path: Path,
  amountOut: bigint,
  amountInMax: bigint,
  recipient: Address,
  out: Command[],
): void {
  const pool = path.pools[0] as PoolState
  const tokenIn = path.tokens[0] as Address
  const tokenOut = path.tokens[path.tokens.length - 1] as Address
  switch (pool.kind) {
    case 'v2':
      out.push({
        command: urCommands.V2_SWAP_EXACT_OUT,
        input: encodeAbiParameters(
          [
            { type: 'address' },
            { type: 'uint256' },
            { type: 'uint256' },
            { type: 'address[]' },
            { type: 'bool' },
          ],
          [recipient, amountOut, amountInMax, path.tokens as Address[], true],
        ),
      })
      return
    case 'v3':
      out.push({
        command: urCommands.V3_SWAP_EXACT_OUT,
        input: encodeAbiParameters(
          [
            { type: 'address' },
            { type: 'uint256' },
            { type: 'uint256' },
            { type: 'bytes' },
            { type: 'bool' },
          ],
          [recipient, amountOut, amountInMax, v3PackedPath(path.tokens, path.pools, true), true],
        ),
      })
      return
    case 'v4': {
      const key = poolKeyOf(pool)
      const zeroForOne = tokenIn === key.currency0
      out.push({
        command: urCommands.V4_SWAP,
        input: v4Input(
          [v4Actions.SWAP_EXACT_OUT_SINGLE, v4Actions.SETTLE, v4Actions.TAKE],
          [
            encodeAbiParameters(
              [exactOutSingleParam],
              [{ poolKey: key, zeroForOne, amountOut, amountInMaximum: amountInMax, hookData: '0x' }],
            ),
            encodeAbiParameters(
              [{ type: 'address' }, { type: 'uint256' }, { type: 'bool' }],
              [tokenIn, OPEN_DELTA, tokenIn !== NATIVE],
            ),
            encodeAbiParameters(
              [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }],
              [tokenOut, recipient, OPEN_DELTA],
            ),
          ],
        ),
      })
      return
    }
    case 'wrap':
      // 1:1, so exact output equals exact input
      exactInLeg(path, amountOut, amountOut, recipient, out)
      return
  }
}

/** The `execute(commands, inputs, deadline)` arguments and msg.value for a route. */
export function encodeRoute(args: EncodeArgs): EncodedSwap {
  const { route, recipient, slippageBps } = args
  const commands: Command[] = []
  if (args.permitInput) commands.push({ command: urCommands.PERMIT2_PERMIT, input: args.permitInput })
  const exactIn = route.tradeType === 'EXACT_INPUT'
  let value = 0n
  for (const leg of route.legs) {
    if (exactIn) {
      exactInLeg(leg.path, leg.quote.amountIn, minOut(leg.quote.amountOut, slippageBps), recipient, commands)
      value += route.tokenIn === NATIVE ? leg.quote.amountIn : 0n
    } else {
      const max = maxIn(leg.quote.amountIn, slippageBps)
      exactOutLeg(leg.path, leg.quote.amountOut, max, recipient, commands)
      value += route.tokenIn === NATIVE ? max : 0n
    }
  }
  if (!exactIn && route.tokenIn === NATIVE) {
    // unspent native input goes back to the swapper
    commands.push({
      command: urCommands.SWEEP,
      input: encodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'uint160' }],
        [NATIVE, args.swapper, 0n],
      ),
    })
  }
  return {
    commands: concat(commands.map((c) => toHex(c.command, { size: 1 }))),
    inputs: commands.map((c) => c.input),
    value,
  }
}

/** PERMIT2_PERMIT input: (PermitSingle, signature). */
export function permitInput(
  permit: {
    details: { token: Address; amount: bigint; expiration: number; nonce: number }
    spender: Address
    sigDeadline: bigint
  },
  signature: Hex,
): Hex {
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
