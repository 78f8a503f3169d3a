/**
 * The filler's view of an open order (the order service's JSON) and what the reactor owes its
 * swapper at a given time: the one home of the fill price of limit and decaying orders.
 */
import type { Address, Hex } from 'viem'

/** What the filler needs of an open order (the order service's JSON has these fields). */
export interface FillableOrder {
  readonly orderHash: Hex
  readonly chainId: number
  readonly deadline: number
  readonly input: { readonly token: Address; readonly amount: string }
  readonly output: { readonly token: Address; readonly amount: string }
  readonly encodedOrder: Hex
  readonly signature: Hex
  /** A gasless swap's decay (the order service's JSON); absent or null: a limit order. */
  readonly decay?: {
    readonly outputStartAmount: string
    readonly startTime: number
    readonly endTime: number
  } | null
}

/**
 * What the reactor pays the swapper at `time` (unix seconds): a limit order's output, or a
 * decaying order's output as the reactor's DutchDecayLib computes it (linear from the start amount
 * at the decay start to the floor at its end, rounded as the reactor rounds). The chain stamps the
 * fill's block at or after `time`, when the output is this or less.
 */
export function requiredOutput(order: FillableOrder, time: number): bigint {
  const floor = BigInt(order.output.amount)
  const decay = order.decay
  if (!decay) return floor
  const start = BigInt(decay.outputStartAmount)
  if (time <= decay.startTime) return start
  if (time >= decay.endTime) return floor
  const elapsed = BigInt(time - decay.startTime)
  const duration = BigInt(decay.endTime - decay.startTime)
  return start - ((start - floor) * elapsed) / duration
}
