/** The spec's 22 display (local) currencies, ISO 4217 codes. */
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

export const DEFAULT_DISPLAY_CURRENCY: DisplayCurrency = 'USD'

const currencySet: ReadonlySet<string> = new Set(displayCurrencies)

/** Narrows an untrusted string (URL, storage, API) to a display currency. */
export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === 'string' && currencySet.has(value)
}

const formatters = new Map<string, Intl.NumberFormat>()

function fiatFormatter(locale: string, currency: DisplayCurrency): Intl.NumberFormat {
  const key = `${locale}|${currency}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency })
    formatters.set(key, formatter)
  }
  return formatter
}

/**
 * A USD value shown in `currency` at `rate` (units of `currency` per 1 USD) for the locale, with
 * the currency's own minor digits (JPY and KRW have none). Non-finite input gives '-'.
 */
export function formatFiat(
  valueUsd: number,
  opts: { currency: DisplayCurrency; rate: number; locale: string },
): string {
  const value = valueUsd * opts.rate
  if (!Number.isFinite(value)) return '-'
  return fiatFormatter(opts.locale, opts.currency).format(value)
}
