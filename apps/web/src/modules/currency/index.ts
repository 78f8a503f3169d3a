export {
  type DisplayCurrencyCode,
  fxRatesQuery,
  isDisplayCurrency,
  useFiatFormatter,
} from './hooks/useFiatFormatter.ts'
export { displayCurrencies } from './services/coreBridge.ts'
export { type FxRates, fetchFxRates, rateFor } from './services/fxRates.ts'
