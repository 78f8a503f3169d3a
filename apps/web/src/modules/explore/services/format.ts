import { feeTierPercent, formatTokenAmount, V2_FEE_TIER, V4_DYNAMIC_FEE_FLAG } from '@oxbow/core'

/** A decimal string from the indexer as a number (null stays null; garbage becomes null). */
export function num(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}

/**
 * One Intl formatter per locale: building one is costly (locale data lookup), and the tables asked
 * for a new one in every cell (2 change columns, fee tiers, times: hundreds per page).
 */
function perLocale<T>(make: (locale: string) => T): (locale: string) => T {
  const cache = new Map<string, T>()
  return (locale) => {
    let formatter = cache.get(locale)
    if (formatter === undefined) {
      formatter = make(locale)
      cache.set(locale, formatter)
    }
    return formatter
  }
}

const feeFormat = perLocale((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }))
const changeFormat = perLocale(
  (locale) =>
    new Intl.NumberFormat(locale, {
      style: 'percent',
      signDisplay: 'exceptZero',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
)
const rateFormat = perLocale(
  (locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }),
)
const timeFormat = perLocale(
  (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }),
)

/**
 * The spec's fee display: feeTier divided by its constant with a percent sign; v2 pools show the
 * default tier; a v4 pool with the dynamic-fee flag shows as dynamic (null here, the caller words it).
 */
export function feeTierText(version: 'V2' | 'V3' | 'V4', feeTier: number, locale: string): string | null {
  if (version === 'V4' && feeTier === V4_DYNAMIC_FEE_FLAG) return null
  const tier = version === 'V2' ? V2_FEE_TIER : feeTier
  // Tiers are whole hundredths of a basis point: 4 fraction digits of a percent show any of them.
  return `${feeFormat(locale).format(feeTierPercent(tier))}%`
}

/** A signed percent with two decimals ('+1.23%', '-0.50%'). */
export function percentText(value: number, locale: string): string {
  return changeFormat(locale).format(value / 100)
}

/** A price change cell: the indexer's signed percent as percentText, '–' when unknown. */
export function changeText(value: string | null, locale: string): string {
  const n = num(value)
  return n === null ? '–' : percentText(n, locale)
}

/**
 * A token price in the display currency (`fiat` formats USD in it); below one cent (which would
 * read 0.00) it shows '<0.01'; unknown is '–'.
 */
export function priceText(usd: number | null, fiat: (usd: number) => string): string {
  if (usd === null) return '–'
  if (usd > 0 && usd < 0.01) return `<${fiat(0.01)}`
  return fiat(usd)
}

/** A USD figure from the indexer (FDV, volume) in the display currency; unknown is '–'. */
export function usdText(value: string | null, fiat: (usd: number) => string): string {
  const n = num(value)
  return n === null ? '–' : fiat(n)
}

/** An unsigned rate in percent with up to two decimals (APR, volume / TVL): '12.5%'; null is '–'. */
export function rateText(value: number | null, locale: string): string {
  return value === null ? '–' : rateFormat(locale).format(value / 100)
}

/** A token amount (base units, sign dropped) for a table cell. */
export function amountText(baseUnits: string, decimals: number, locale: string): string {
  const amount = BigInt(baseUnits)
  return formatTokenAmount(amount < 0n ? -amount : amount, decimals, { locale, significantDigits: 4 })
}

/** "5 min ago" style time for a unix timestamp relative to `now` (seconds). */
export function relativeTime(timestamp: number, now: number, locale: string): string {
  const seconds = Math.max(0, now - timestamp)
  const format = timeFormat(locale)
  if (seconds < 60) return format.format(-seconds, 'second')
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute')
  if (seconds < 86400) return format.format(-Math.floor(seconds / 3600), 'hour')
  return format.format(-Math.floor(seconds / 86400), 'day')
}
