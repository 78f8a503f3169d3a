/**
 * Gasless swaps (issue #14): the terms of the decaying UniswapX Dutch order the trading API offers
 * next to the classic route, shared by the quote (trading/service.ts), the order builder
 * (POST /v1/orders/prepare) and the order intake (service.ts). One home for these numbers.
 */

/** The longest decay and lifetime the order service accepts for a gasless order. */
export const MAX_GASLESS_DECAY_SECONDS = 600
export const MAX_GASLESS_LIFETIME_SECONDS = 1800
/** The output decays from the classic quote (minus the filler's cost) to the slippage floor over this. */
export const GASLESS_DECAY_SECONDS = envSeconds('OXBOW_GASLESS_DECAY_SECONDS', 60)
/** The order's deadline, counted from when it is built: the decay, then a while at the floor. */
export const GASLESS_DEADLINE_SECONDS = Math.max(
  GASLESS_DECAY_SECONDS,
  envSeconds('OXBOW_GASLESS_DEADLINE_SECONDS', 90),
)
/**
 * The filler's gas for one order, charged to the order's output instead of to the swapper: an
 * order's share of an `executeBatch` fill of a pair's orders (reactor checks, the Permit2 witness
 * transfer and the payout per order; one shared pool swap). Measured on the devnet
 * (test/gasless.test.ts): three USDC -> DAI orders in one transaction 333,577 gas (111,192 each);
 * one order alone 196-207k once the executor's approvals exist (264k the very first time). A lone
 * order's extra cost waits for the decay: the filler fills a decaying order only once its surplus
 * pays the fill's real gas (filler.ts).
 */
export const FILLER_GAS_PER_ORDER = 111_000
/** How often the filler looks at the open gasless orders between blocks (ms). */
export const GASLESS_FILLER_POLL_MS = 1000
/** The estimate of the time to a fill shown while the order is pending: one filler pass and a block. */
export const GASLESS_FILL_ESTIMATE_SECONDS = 3

/** Seconds from an environment variable (tests shorten the window), else the default. */
function envSeconds(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 5 || value > MAX_GASLESS_DECAY_SECONDS) {
    throw new Error(`${name} must be a whole number of seconds from 5 to ${MAX_GASLESS_DECAY_SECONDS}`)
  }
  return value
}
