export { displayCurrencies } from '@oxbow/core'
export { useChooseCurrency } from './hooks/useChooseCurrency.ts'
export {
  type DisplayCurrencyCode,
  fxRatesQuery,
  isDisplayCurrency,
  useFiatFormatter,
} from './hooks/useFiatFormatter.ts'
export { type FxRates, fetchFxRates, rateFor } from './services/fxRates.ts'
