/**
 * Digits as a locale writes them. Amount fields hold plain decimal text ('12.5', what the user
 * typed or a quote's exact digits); in a locale whose numbering system is not Latin (Arabic in
 * Saudi Arabia, Persian) they must show the same digits Intl gives every other number on the
 * screen, and accept what a person types in either system.
 */

interface NumberSymbols {
  /** The locale's digits zero to nine. */
  readonly digits: readonly string[]
  readonly decimal: string
}

const cache = new Map<string, NumberSymbols>()

/** The digits and decimal separator Intl.NumberFormat uses for `locale`. */
export function numberSymbols(locale: string): NumberSymbols {
  let found = cache.get(locale)
  if (!found) {
    const format = new Intl.NumberFormat(locale, { useGrouping: false })
    const digits = Array.from({ length: 10 }, (_, digit) => format.format(digit))
    const decimal = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
    found = { digits, decimal }
    cache.set(locale, found)
  }
  return found
}

/** Plain decimal text ('12.5') written with the locale's digits and decimal separator. */
export function localizeDecimalText(text: string, locale: string): string {
  const { digits, decimal } = numberSymbols(locale)
  return text.replace(/[0-9.]/g, (char) => (char === '.' ? decimal : (digits[Number(char)] ?? char)))
}

/**
 * What a person typed, in Latin or the locale's digits, with '.', ',' or the locale's decimal
 * separator, back to plain decimal text with Latin digits and '.' (other characters are kept, so
 * the amount rules can still refuse them).
 */
export function delocalizeDecimalText(text: string, locale: string): string {
  const { digits, decimal } = numberSymbols(locale)
  let out = ''
  for (const char of text) {
    const digit = digits.indexOf(char)
    if (digit >= 0) out += String(digit)
    else if (char === decimal || char === ',' || char === '\u066b') out += '.'
    else out += char
  }
  return out
}
