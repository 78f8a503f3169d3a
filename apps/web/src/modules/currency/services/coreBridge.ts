/**
 * TEMPORARY bridge to the @oxbow/core contract (display currencies, fiat formatting) until that
 * package lands. Replace the imports of this file with '@oxbow/core' and delete it.
 */
export const displayCurrencies = [
  'ARS',
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'COP',
  'EUR',
  'GBP',
  'HKD',
  'IDR',
  'INR',
  'JPY',
  'KRW',
  'MXN',
  'NGN',
  'PKR',
  'RUB',
  'SGD',
  'TRY',
  'UAH',
  'USD',
  'VND',
] as const
export type DisplayCurrency = (typeof displayCurrencies)[number]

const formatters = new Map<string, Intl.NumberFormat>()

/** A USD value shown in `currency` at `rate` (units of currency per USD), for the locale. */
export function formatFiat(
  valueUsd: number,
  opts: { currency: DisplayCurrency; rate: number; locale: string },
): string {
  const key = `${opts.locale}|${opts.currency}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(opts.locale, { style: 'currency', currency: opts.currency })
    formatters.set(key, formatter)
  }
  return formatter.format(valueUsd * opts.rate)
}
