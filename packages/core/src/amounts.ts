import { CoreError } from './errors.ts'

const MAX_DECIMALS = 255

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new CoreError(`decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${decimals}`, {
      code: 'INVALID_ARGUMENT',
    })
  }
}

/** Exact decimal string of `amount` base units ('1.5' for 1500000n with 6 decimals), no trailing zeros. */
export function toDecimalString(amount: bigint, decimals: number): string {
  checkDecimals(decimals)
  const negative = amount < 0n
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

export interface FormatTokenAmountOptions {
  readonly locale: string
  /** Significant digits kept (integer digits are never dropped). Default 6. */
  readonly significantDigits?: number
  /** Non-zero amounts below 10^-minimumExponent show as '<0.000001'. Default 6. */
  readonly minimumExponent?: number
}

const formatters = new Map<string, Intl.NumberFormat>()
function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.NumberFormat(locale, options)
    formatters.set(key, found)
  }
  return found
}

/**
 * A token amount in base units for display in the locale: exact (no float rounding through
 * Number), truncated (never shows more than the holder has), with `significantDigits` digits for
 * amounts under 1 and as many fraction digits as the significant-digit budget leaves above 1.
 * Tiny non-zero amounts show as '<0.000001'.
 */
export function formatTokenAmount(amount: bigint, decimals: number, opts: FormatTokenAmountOptions): string {
  const significant = opts.significantDigits ?? 6
  const minimumExponent = opts.minimumExponent ?? 6
  if (!Number.isInteger(significant) || significant < 1 || significant > 21) {
    throw new CoreError(`significantDigits must be 1 to 21, got ${significant}`, { code: 'INVALID_ARGUMENT' })
  }
  const exact = toDecimalString(amount, decimals)
  if (amount === 0n) return formatter(opts.locale, {}).format(0)
  const negative = amount < 0n
  const magnitude = negative ? exact.slice(1) : exact
  const [whole = '0', fraction = ''] = magnitude.split('.')
  if (whole === '0') {
    const leadingZeros = fraction.length - fraction.replace(/^0+/, '').length
    if (leadingZeros >= minimumExponent) {
      const threshold = formatter(opts.locale, { maximumFractionDigits: minimumExponent }).format(
        `${10 ** -minimumExponent}` as `${number}`,
      )
      return `${negative ? '>-' : '<'}${threshold}`
    }
    return formatter(opts.locale, {
      maximumSignificantDigits: significant,
      roundingMode: 'trunc',
    }).format(exact as `${number}`)
  }
  const fractionDigits = Math.max(0, significant - whole.length)
  return formatter(opts.locale, { maximumFractionDigits: fractionDigits, roundingMode: 'trunc' }).format(
    exact as `${number}`,
  )
}

export type AmountInputError = 'EMPTY' | 'INVALID_NUMBER' | 'TOO_MANY_DECIMALS'

/**
 * Parses what a user typed into base units: digits with at most one '.' or ',' decimal separator
 * (no grouping, no sign, no exponent), at most `decimals` fraction digits (the token's decimals in
 * token mode, FIAT_INPUT_DECIMALS in fiat mode). Throws a CoreError with code EMPTY,
 * INVALID_NUMBER or TOO_MANY_DECIMALS.
 */
export function parseAmountInput(input: string, decimals: number): bigint {
  checkDecimals(decimals)
  const text = input.trim()
  if (text === '') throw new CoreError('Enter an amount', { code: 'EMPTY' satisfies AmountInputError })
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(text)
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) {
    throw new CoreError('Invalid amount', {
      code: 'INVALID_NUMBER' satisfies AmountInputError,
      details: `not a plain decimal number: ${JSON.stringify(input.slice(0, 40))}`,
    })
  }
  const whole = match[1] || '0'
  const fraction = match[2] ?? ''
  if (fraction.replace(/0+$/, '').length > decimals) {
    throw new CoreError(`At most ${decimals} decimals`, {
      code: 'TOO_MANY_DECIMALS' satisfies AmountInputError,
    })
  }
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals))
}

/**
 * What an amount field keeps of a keystroke: the text with ',' turned into '.', or null when the
 * text is not a decimal number in progress or has more than `decimals` fraction digits.
 */
export function sanitizeAmountInput(input: string, decimals: number): string | null {
  checkDecimals(decimals)
  const text = input.replace(',', '.')
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match) return null
  if ((match[2] ?? '').length > decimals || (decimals === 0 && text.includes('.'))) return null
  return text
}
