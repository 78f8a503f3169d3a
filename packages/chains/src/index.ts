export { UnknownNetworkError } from './errors.ts'
export {
  type BlockExplorer,
  blockExplorerOf,
  chainIdOf,
  DEFAULT_LOCAL_PORT_BASE,
  type Environment,
  explorerTransactionUrl,
  getNetwork,
  getNetworkByChainId,
  isNetworkSlug,
  LOCAL_CHAIN_ID_BASE,
  localRpcUrl,
  mainnetNetworks,
  type Network,
  type NetworkSlug,
  networkSlugs,
  networks,
  offersProtocolVersion,
  type ProtocolVersion,
  parseNetworkList,
  protocolVersions,
  testnetNetworks,
} from './registry.ts'
export { NETWORK_SLUG_PATTERN } from './slug.ts'
export type { Address, Hex } from './types.ts'
