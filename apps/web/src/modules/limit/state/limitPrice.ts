/**
 * Limit-price arithmetic of the Limit screen, exact in bigint: a price is a ratio of base units
 * (output base units per input base unit), so an order's output amount is computed without
 * rounding through floats. Display conversion only at the edge (`ratioToDecimal`).
 */
import { parseAmountInput } from '@oxbow/core'

export interface Ratio {
  readonly num: bigint
  readonly den: bigint
}

/** The spec's presets: the market price, and 1 %, 5 %, 10 % better than it. */
export const limitPresets = [0, 1, 5, 10] as const
export type LimitPreset = (typeof limitPresets)[number]

/** Decimals a typed limit price may carry. */
const PRICE_DECIMALS = 18

function pow10(n: number): bigint {
  return 10n ** BigInt(n)
}

/** The market price from a quote of `amountIn` giving `amountOut` (base units). */
export function marketRatio(amountIn: bigint, amountOut: bigint): Ratio | null {
  return amountIn > 0n && amountOut > 0n ? { num: amountOut, den: amountIn } : null
}

/**
 * The preset's price: `percent` better for the seller than `market` (more output per input). In
 * the inverted view (input per output) "better" means less input per output, so the caller
 * applies the preset before inverting.
 */
export function presetRatio(market: Ratio, percent: LimitPreset): Ratio {
  return { num: market.num * BigInt(100 + percent), den: market.den * 100n }
}

export function invert(ratio: Ratio): Ratio {
  return { num: ratio.den, den: ratio.num }
}

/** A typed price (`out per in`, human units) as a base-unit ratio; null when not a positive number. */
export function ratioFromDecimal(text: string, decimalsIn: number, decimalsOut: number): Ratio | null {
  let scaled: bigint
  try {
    scaled = parseAmountInput(text, PRICE_DECIMALS)
  } catch {
    return null
  }
  if (scaled <= 0n) return null
  return { num: scaled * pow10(decimalsOut), den: pow10(PRICE_DECIMALS) * pow10(decimalsIn) }
}

/** A base-unit ratio as a human price (`out per in`) with at most `fractionDigits` decimals. */
export function ratioToDecimal(
  ratio: Ratio,
  decimalsIn: number,
  decimalsOut: number,
  fractionDigits = 8,
): string {
  const scale = pow10(fractionDigits)
  const value = (ratio.num * pow10(decimalsIn) * scale) / (ratio.den * pow10(decimalsOut))
  const whole = value / scale
  const fraction = (value % scale).toString().padStart(fractionDigits, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole.toString()
}

/** What an order selling `amountIn` at `limit` asks for, rounded up so it never asks less. */
export function outputFor(amountIn: bigint, limit: Ratio): bigint {
  return (amountIn * limit.num + limit.den - 1n) / limit.den
}

/** How far `limit` is from `market`, in basis points (positive: better than market for the seller). */
export function deviationBps(limit: Ratio, market: Ratio): bigint {
  return ((limit.num * market.den - market.num * limit.den) * 10_000n) / (market.num * limit.den)
}

export type LimitWarning =
  | { readonly kind: 'none' }
  | { readonly kind: 'market-unavailable' }
  /** Selling below the market price (or, seen from the buy side, buying above it), by `percent`. */
  | { readonly kind: 'worse-than-market'; readonly percent: number }

/**
 * The spec's warning: a limit that sells below the market (equivalently, buys above it) with the
 * percentage; 'Market price not available' without a market price.
 */
export function limitWarning(limit: Ratio | null, market: Ratio | null): LimitWarning {
  if (!market) return { kind: 'market-unavailable' }
  if (!limit) return { kind: 'none' }
  const bps = deviationBps(limit, market)
  return bps < 0n ? { kind: 'worse-than-market', percent: Number(-bps) / 100 } : { kind: 'none' }
}

/** The expiry choices of the Limit screen. */
export const expiryOptions = [
  { id: 'day', seconds: 86_400 },
  { id: 'week', seconds: 7 * 86_400 },
  { id: 'month', seconds: 30 * 86_400 },
  { id: 'year', seconds: 365 * 86_400 },
] as const
export type ExpiryId = (typeof expiryOptions)[number]['id']

export function deadlineFor(expiry: ExpiryId, nowSeconds: number): number {
  const option = expiryOptions.find((o) => o.id === expiry) ?? expiryOptions[1]
  return nowSeconds + option.seconds
}
