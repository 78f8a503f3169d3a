import { MAX_SLIPPAGE_PERCENT, SLIPPAGE_VERY_HIGH_PERCENT } from './constants.ts'

export type SlippageCheck =
  | { readonly ok: true; readonly percent: number; readonly veryHigh: boolean }
  | {
      readonly ok: false
      readonly code: 'SLIPPAGE_NOT_POSITIVE' | 'SLIPPAGE_TOO_HIGH'
      readonly message: string
    }

/**
 * Validates a custom slippage tolerance in percent (number or the user's text, '.' or ',' as
 * decimal separator). Must be greater than 0 and less than `max` (default MAX_SLIPPAGE_PERCENT);
 * above 20% it is valid but very high. Messages are the spec's.
 */
export function validateSlippage(input: number | string, max: number = MAX_SLIPPAGE_PERCENT): SlippageCheck {
  const percent =
    typeof input === 'number'
      ? input
      : /^\s*\d*[.,]?\d*\s*$/.test(input) && /\d/.test(input)
        ? Number(input.trim().replace(',', '.'))
        : Number.NaN
  if (!Number.isFinite(percent) || percent <= 0) {
    return { ok: false, code: 'SLIPPAGE_NOT_POSITIVE', message: 'Enter a value larger than 0' }
  }
  if (percent >= max) {
    return { ok: false, code: 'SLIPPAGE_TOO_HIGH', message: `Enter a value less than ${max}%` }
  }
  return { ok: true, percent, veryHigh: percent > SLIPPAGE_VERY_HIGH_PERCENT }
}
