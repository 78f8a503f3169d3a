export { ExchangeProviderList } from './components/ExchangeProviderList.tsx'
export { FiatTrade } from './components/FiatTrade.tsx'
