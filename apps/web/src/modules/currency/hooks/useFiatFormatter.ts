import { displayCurrencies, formatFiat } from '@oxbow/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useIntl } from 'react-intl'
import { getRuntimeConfig } from '../../config/index.ts'
import { usePreferences } from '../../preferences/index.ts'
import { fetchFxRates, rateFor } from '../services/fxRates.ts'

export function fxRatesQuery(apiUrl: string) {
  return queryOptions({
    queryKey: ['fx-rates', apiUrl],
    queryFn: ({ signal }) => fetchFxRates(apiUrl, signal),
    staleTime: 10 * 60_000,
    retry: 1,
  })
}

export type DisplayCurrencyCode = (typeof displayCurrencies)[number]

export function isDisplayCurrency(code: string): code is DisplayCurrencyCode {
  return (displayCurrencies as readonly string[]).includes(code)
}

/**
 * Formats USD values in the chosen display currency for the active locale. Until rates arrive (or
 * when the API is down) values show in USD, labelled as such by the formatter.
 */
export function useFiatFormatter(): { format: (usd: number) => string; currency: DisplayCurrencyCode } {
  const { locale } = useIntl()
  const { currency: chosen } = usePreferences()
  const rates = useQuery(fxRatesQuery(getRuntimeConfig().apiUrl))
  const wanted: DisplayCurrencyCode = isDisplayCurrency(chosen) ? chosen : 'USD'
  const rate = rateFor(rates.data, wanted)
  const currency = rate === undefined ? 'USD' : wanted
  return { currency, format: (usd) => formatFiat(usd, { currency, rate: rate ?? 1, locale }) }
}
