export { createWalletConnectRelay, type Relay, type RelayOptions } from './walletConnectRelay.ts'
