import { parseAmountInput, sanitizeAmountInput, toDecimalString } from '@oxbow/core'

/**
 * Amount handling of the swap form: what a keystroke keeps, the typed value in base units, the
 * dependent side's text, Max, and values in USD. Amounts are bigint base units throughout.
 */

/** What a field keeps of a keystroke (',' becomes '.'), or null to refuse it (too many decimals, not a number). */
export function acceptKeystroke(text: string, decimals: number | undefined): string | null {
  return sanitizeAmountInput(text, decimals ?? 18)
}

/** The typed value cut to `decimals` fraction digits (a token with fewer decimals was chosen). */
export function truncateDecimals(typed: string, decimals: number): string {
  const dot = typed.indexOf('.')
  if (dot === -1) return typed
  if (decimals === 0) return typed.slice(0, dot)
  return typed.slice(0, dot + 1 + decimals)
}

/** The typed value in base units, or null when empty or not a number. Zero is 0n. */
export function parseTypedAmount(typed: string, decimals: number): bigint | null {
  if (typed.trim() === '' || typed === '.') return null
  try {
    return parseAmountInput(truncateDecimals(typed, decimals), decimals)
  } catch {
    return null
  }
}

/**
 * The dependent field's text for a quoted amount: exact digits (no grouping, '.' separator, so it
 * stays editable), cut to `significantDigits` significant digits (never rounded up).
 */
export function formatDependentAmount(amount: bigint, decimals: number, significantDigits = 8): string {
  const exact = toDecimalString(amount, decimals)
  const [whole = '0', fraction = ''] = exact.split('.')
  if (fraction === '') return whole
  if (whole !== '0') {
    const keep = Math.max(0, significantDigits - whole.length)
    const cut = fraction.slice(0, keep).replace(/0+$/, '')
    return cut ? `${whole}.${cut}` : whole
  }
  const leading = fraction.length - fraction.replace(/^0+/, '').length
  const cut = fraction.slice(0, leading + significantDigits).replace(/0+$/, '')
  return cut ? `0.${cut}` : '0'
}

/** Base units as the decimal text of an amount field (Max, a hand-off). */
export function amountToInput(amount: bigint, decimals: number): string {
  return toDecimalString(amount, decimals)
}

/** Gas kept back by Max on the native currency when no quote tells the network cost: 0.01. */
export const DEFAULT_NATIVE_RESERVE = 10n ** 16n

/**
 * Native currency Max leaves for the network cost: what the wallet must hold to send the swap
 * (gas limit `estimate × 1.5 + 100k` at twice the quoted gas price, covering a base-fee rise), or
 * 0.01 of the native currency without a quote.
 */
export function nativeGasReserve(
  gas: { readonly estimate: number; readonly gasPriceWei: string } | undefined,
): bigint {
  if (!gas) return DEFAULT_NATIVE_RESERVE
  const limit = BigInt(Math.ceil(gas.estimate * 1.5) + 100_000)
  return limit * BigInt(gas.gasPriceWei) * 2n
}

/** Max: the whole balance, minus the network-cost reserve for the native currency (never below 0). */
export function maxSpendable(balance: bigint, native: boolean, reserve: bigint): bigint {
  if (!native) return balance
  return balance > reserve ? balance - reserve : 0n
}

/** The amount in USD (float, for display only), or undefined without a price. */
export function toUsd(amount: bigint, decimals: number, priceUsd: number | undefined): number | undefined {
  if (priceUsd === undefined || !Number.isFinite(priceUsd) || priceUsd <= 0) return undefined
  return Number(toDecimalString(amount, decimals)) * priceUsd
}

/** Output per one input, as a float for display (undefined for a zero input). */
export function exchangeRate(
  amountIn: bigint,
  decimalsIn: number,
  amountOut: bigint,
  decimalsOut: number,
): number | undefined {
  if (amountIn === 0n) return undefined
  return Number(toDecimalString(amountOut, decimalsOut)) / Number(toDecimalString(amountIn, decimalsIn))
}
