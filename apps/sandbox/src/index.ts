export { DECLINED_CARD, exchangeProvider, rampProviders } from './fiat/catalog.ts'
export { createFiatSandbox, type FiatSandbox, type FiatSandboxOptions } from './fiat/fiatSandbox.ts'
export type { Credentials } from './fiat/orders.ts'
export { priceQuote } from './fiat/quote.ts'
export { createTreasury, type Treasury } from './fiat/treasury.ts'
export {
  type AddedFile,
  CHUNK_SIZE,
  createIpfsGateway,
  type IpfsGateway,
  type IpfsGatewayOptions,
} from './ipfs/ipfsGateway.ts'
export { createWalletConnectRelay, type Relay, type RelayOptions } from './walletConnectRelay.ts'
