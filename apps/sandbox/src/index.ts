export { DECLINED_CARD, exchangeProvider, rampProviders } from './fiat/catalog.ts'
export {
  type Credentials,
  createFiatSandbox,
  type FiatSandbox,
  type FiatSandboxOptions,
  priceQuote,
} from './fiat/fiatSandbox.ts'
export { createTreasury, type Treasury } from './fiat/treasury.ts'
export { createWalletConnectRelay, type Relay, type RelayOptions } from './walletConnectRelay.ts'
