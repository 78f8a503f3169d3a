/**
 * Output formatting: USD and other derived figures leave the API as plain decimal strings (no
 * exponent), token amounts as base-unit integer strings.
 */

/** A finite number as a plain decimal string with up to `significant` significant digits. */
export function decimalString(value: number | null | undefined, significant = 15): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null
  if (value === 0) return '0'
  const negative = value < 0
  const [mantissa = '0', exponentText = '0'] = Math.abs(value)
    .toExponential(significant - 1)
    .split('e')
  const exponent = Number(exponentText)
  const digits = mantissa.replace('.', '')
  let text: string
  if (exponent >= 0) {
    const intLen = exponent + 1
    text =
      digits.length <= intLen
        ? digits + '0'.repeat(intLen - digits.length)
        : `${digits.slice(0, intLen)}.${digits.slice(intLen)}`
  } else {
    text = `0.${'0'.repeat(-exponent - 1)}${digits}`
  }
  if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '')
  return negative ? `-${text}` : text
}

/** Percent change from `before` to `after` (null when either is unknown or before is 0). */
export function percentChange(before: number | null, after: number | null): number | null {
  if (before === null || after === null || before === 0) return null
  return ((after - before) / before) * 100
}
