export { displayCurrencies } from '@oxbow/core'
export {
  type DisplayCurrencyCode,
  fxRatesQuery,
  isDisplayCurrency,
  useFiatFormatter,
} from './hooks/useFiatFormatter.ts'
export { type FxRates, fetchFxRates, rateFor } from './services/fxRates.ts'
