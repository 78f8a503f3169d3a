/**
 * Universal Router calldata for a route. Each leg runs hop by hop in order; consecutive v2 or v3
 * hops share one command, intermediate tokens stay in the router (ADDRESS_THIS) and the next hop
 * spends the router's whole balance of them (CONTRACT_BALANCE / OPEN_DELTA). Legs run one after
 * another, so a leg never spends another leg's tokens. Exact output runs any mix of protocols
 * with the exact-output commands, part by part (see {@link exactOutLeg}).
 */

import { NATIVE_CURRENCY_ADDRESS as NATIVE } from '@oxbow/core'
import {
  UR_ADDRESS_THIS as ADDRESS_THIS,
  byteString,
  UR_CONTRACT_BALANCE as CONTRACT_BALANCE,
  V4_OPEN_DELTA as OPEN_DELTA,
  type PoolKey,
  permit2TransferFromInput,
  sweepInput,
  transferInput,
  type UrCommand,
  unwrapWethInput,
  urCommands,
  v2SwapInput,
  v3Path,
  v3SwapInput,
  v4Plan,
  v4Settle,
  v4SwapExactInSingle,
  v4SwapExactOutSingle,
  v4Take,
  wrapEthInput,
} from '@oxbow/protocol'
import { type HopResult, hopExactIn, type Path, type PoolState, type Route } from '@oxbow/routing'
import { type Address, type Hex, zeroAddress } from 'viem'

type Command = UrCommand

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

function poolKeyOf(pool: PoolState): PoolKey {
  if (pool.kind !== 'v4') throw new Error('not a v4 pool')
  return {
    currency0: pool.token0,
    currency1: pool.token1,
    fee: pool.keyFee,
    tickSpacing: pool.tickSpacing,
    hooks: pool.hooks ?? zeroAddress,
  }
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

/** A v3 run's packed path (reversed for exact output). */
function v3PathOf(tokens: readonly Address[], pools: readonly PoolState[], reverse: boolean): Hex {
  return v3Path(
    tokens as readonly Address[],
    pools.map((p) => (p.kind === 'v3' ? p.keyFee : 0)),
    reverse,
  )
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
          input: v2SwapInput({
            recipient: to,
            amount,
            limit: min,
            path: path.tokens.slice(i, j + 1),
            payerIsUser,
          }),
        })
        break
      case 'v3':
        out.push({
          command: urCommands.V3_SWAP_EXACT_IN,
          input: v3SwapInput({
            recipient: to,
            amount,
            limit: min,
            path: v3PathOf(path.tokens.slice(i, j + 1), path.pools.slice(i, j), false),
            payerIsUser,
          }),
        })
        break
      case 'v4': {
        const key = poolKeyOf(pool)
        const zeroForOne = tokenIn === key.currency0
        const tokenOut = path.tokens[i + 1] as Address
        const swap = (amt: bigint) =>
          v4SwapExactInSingle({ poolKey: key, zeroForOne, amountIn: amt, amountOutMinimum: min })
        const take = v4Take(tokenOut, to, OPEN_DELTA)
        out.push({
          command: urCommands.V4_SWAP,
          input: first
            ? v4Plan([swap(amountIn), v4Settle(tokenIn, OPEN_DELTA, payerIsUser), take])
            : v4Plan([v4Settle(tokenIn, CONTRACT_BALANCE, false), swap(OPEN_DELTA), take]),
        })
        break
      }
      case 'wrap': {
        if (tokenIn === NATIVE) {
          out.push({ command: urCommands.WRAP_ETH, input: wrapEthInput(to, amount) })
        } else {
          if (first) {
            out.push({
              command: urCommands.PERMIT2_TRANSFER_FROM,
              input: permit2TransferFromInput(tokenIn, ADDRESS_THIS, amountIn),
            })
          }
          out.push({ command: urCommands.UNWRAP_WETH, input: unwrapWethInput(to, min) })
        }
        break
      }
    }
    i = j
  }
}

/**
 * A leg's parts that run as one command each: runs of v2 hops and runs of v3 hops share a command
 * (the Universal Router's multi-hop commands); every v4 hop and every wrap/unwrap is its own.
 */
function segmentsOf(path: Path): { kind: PoolState['kind']; from: number; to: number }[] {
  const out: { kind: PoolState['kind']; from: number; to: number }[] = []
  let i = 0
  while (i < path.pools.length) {
    const kind = (path.pools[i] as PoolState).kind
    let j = i + 1
    if (kind === 'v2' || kind === 'v3') while (j < path.pools.length && path.pools[j]?.kind === kind) j++
    out.push({ kind, from: i, to: j })
    i = j
  }
  return out
}

/**
 * Whether a run of v2 hops, paid exactly `amountIn`, hands out more than `amountOut`: the Universal
 * Router recomputes every v2 output from the whole input it paid (getAmountOut), so when one unit
 * of the input buys more than one unit of the output, the pair pays a rounding surplus.
 */
function v2Overdelivers(
  pools: readonly PoolState[],
  tokens: readonly Address[],
  amountIn: bigint,
  amountOut: bigint,
) {
  let amount = amountIn
  for (let i = 0; i < pools.length; i++) {
    const hop = hopExactIn(pools[i] as PoolState, tokens[i] as Address, amount)
    if (!hop) return true
    amount = hop.amountOut
  }
  return amount !== amountOut
}

const transfer = (token: Address, to: Address, amount: bigint): Command => ({
  command: urCommands.TRANSFER,
  input: transferInput(token, to, amount),
})
const sweep = (token: Address, to: Address): Command => ({
  command: urCommands.SWEEP,
  input: sweepInput(token, to, 0n),
})

/**
 * One exact-output leg of any mix of v2, v3, v4 and wrap hops. The amounts were computed
 * backwards from the output (the quote); the parts run forwards, each an exact-output command
 * asking for exactly the input of the next part, which stays in the router (ADDRESS_THIS). The
 * first part may spend up to the leg's maximum (slippage); later parts spend at most what their
 * quote says (their input is exactly what the part before delivered), so a price that moved
 * against a later part reverts the swap instead of costing more. A v2 run that ends the leg
 * delivers into the router, which pays the recipient exactly the amount asked and leaves the
 * pair's rounding surplus to the pair (as Router02's exact output does). What a part did not
 * spend (a price that moved in the swapper's favour, a v2 surplus between parts) goes back to
 * the swapper: native input as ETH, others as the token.
 */
function exactOutLeg(
  path: Path,
  hops: readonly HopResult[],
  amountInMax: bigint,
  recipient: Address,
  swapper: Address,
  out: Command[],
): void {
  const segments = segmentsOf(path)
  const tokens = path.tokens as readonly Address[]
  const n = segments.length
  const last = segments[n - 1] as (typeof segments)[number]
  const amountOut = (hops[hops.length - 1] as HopResult).amountOut
  // a lone wrap or unwrap is 1:1: exact output equals exact input
  if (segments.every((s) => s.kind === 'wrap')) {
    exactInLeg(path, amountOut, amountOut, recipient, out)
    return
  }
  // the part that produces the output token, and whether it can over-deliver
  const producer = last.kind === 'wrap' && n > 1 ? (segments[n - 2] as (typeof segments)[number]) : last
  const surplus =
    producer.kind === 'v2' &&
    v2Overdelivers(
      path.pools.slice(producer.from, producer.to),
      tokens.slice(producer.from, producer.to + 1),
      (hops[producer.from] as HopResult).amountIn,
      (hops[producer.to - 1] as HopResult).amountOut,
    )
  const lastPair = path.pools[producer.to - 1] as PoolState
  const leadingWrap = segments[0]?.kind === 'wrap'
  segments.forEach((seg, j) => {
    const tokenIn = tokens[seg.from] as Address
    const tokenOut = tokens[seg.to] as Address
    const partOut = (hops[seg.to - 1] as HopResult).amountOut
    const partIn = (hops[seg.from] as HopResult).amountIn
    const isLast = j === n - 1
    // the leg's maximum passes through a leading wrap/unwrap to the first swap
    const max = j === 0 || (j === 1 && leadingWrap) ? amountInMax : partIn
    const payerIsUser = j === 0 && tokenIn !== NATIVE
    // exact parts deliver straight to the recipient; a surplus-paying v2 run goes through the router
    const to = isLast && !(surplus && seg === producer) ? recipient : ADDRESS_THIS
    switch (seg.kind) {
      case 'v2':
        out.push({
          command: urCommands.V2_SWAP_EXACT_OUT,
          input: v2SwapInput({
            recipient: to,
            amount: partOut,
            limit: max,
            path: tokens.slice(seg.from, seg.to + 1),
            payerIsUser,
          }),
        })
        break
      case 'v3':
        out.push({
          command: urCommands.V3_SWAP_EXACT_OUT,
          input: v3SwapInput({
            recipient: to,
            amount: partOut,
            limit: max,
            path: v3PathOf(tokens.slice(seg.from, seg.to + 1), path.pools.slice(seg.from, seg.to), true),
            payerIsUser,
          }),
        })
        break
      case 'v4': {
        const key = poolKeyOf(path.pools[seg.from] as PoolState)
        out.push({
          command: urCommands.V4_SWAP,
          input: v4Plan([
            v4SwapExactOutSingle({
              poolKey: key,
              zeroForOne: tokenIn === key.currency0,
              amountOut: partOut,
              amountInMaximum: max,
            }),
            v4Settle(tokenIn, OPEN_DELTA, payerIsUser),
            v4Take(tokenOut, to, OPEN_DELTA),
          ]),
        })
        break
      }
      case 'wrap':
        if (tokenIn === NATIVE) {
          // leading: wrap the leg's maximum (msg.value); later: whatever native the router holds
          const amount = j === 0 ? amountInMax : isLast ? partOut : CONTRACT_BALANCE
          out.push({ command: urCommands.WRAP_ETH, input: wrapEthInput(to, amount) })
        } else {
          if (j === 0) {
            out.push({
              command: urCommands.PERMIT2_TRANSFER_FROM,
              input: permit2TransferFromInput(tokenIn, ADDRESS_THIS, amountInMax),
            })
          }
          if (isLast && surplus) {
            // exactly the amount asked to the recipient, the v2 surplus back to its pair as WETH
            out.push({ command: urCommands.UNWRAP_WETH, input: unwrapWethInput(ADDRESS_THIS, partOut) })
            out.push(transfer(NATIVE, recipient, partOut))
            out.push({
              command: urCommands.WRAP_ETH,
              input: wrapEthInput(lastPair.id as Address, CONTRACT_BALANCE),
            })
          } else {
            out.push({ command: urCommands.UNWRAP_WETH, input: unwrapWethInput(to, partOut) })
          }
        }
        break
    }
    if (isLast && surplus && seg.kind === 'v2') {
      out.push(transfer(tokenOut, recipient, partOut))
      out.push(sweep(tokenOut, lastPair.id as Address))
    }
  })
  // what the parts did not spend goes back to the swapper
  if (n === 1) return
  for (let i = 0; i < tokens.length - 1; i++) {
    const token = tokens[i] as Address
    if (i === 0 && token !== NATIVE && !leadingWrap) continue // paid straight from the wallet
    if (token === NATIVE) {
      // native leftovers: the input's are swept once after all legs; others here
      if (tokens[0] !== NATIVE) out.push(sweep(NATIVE, swapper))
    } else if (tokens[0] === NATIVE && i === 1 && leadingWrap) {
      // the wrapped native input: back to ETH (swept with the rest of the native input)
      out.push({ command: urCommands.UNWRAP_WETH, input: unwrapWethInput(ADDRESS_THIS, 0n) })
    } else if (i === 0) {
      // an unwrapped WETH input: its unspent part was unwrapped; wrap it back for the swapper
      out.push({ command: urCommands.WRAP_ETH, input: wrapEthInput(swapper, CONTRACT_BALANCE) })
    } else {
      out.push(sweep(token, swapper))
    }
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
      exactOutLeg(leg.path, leg.quote.hops, max, recipient, args.swapper, commands)
      value += route.tokenIn === NATIVE ? max : 0n
    }
  }
  if (!exactIn && route.tokenIn === NATIVE) {
    // unspent native input goes back to the swapper
    commands.push(sweep(NATIVE, args.swapper))
  }
  return { commands: byteString(commands.map((c) => c.command)), inputs: commands.map((c) => c.input), value }
}
