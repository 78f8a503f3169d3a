export { ExchangeProviderList } from './components/ExchangeProviderList.tsx'
export { FiatTrade } from './components/FiatTrade.tsx'
export { useFiatOrders } from './hooks/useFiatOrders.ts'
export type { FiatOrder } from './services/fiatApi.ts'
