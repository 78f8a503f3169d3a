export { NetworksUnavailable } from './components/NetworksUnavailable.tsx'
export { useNetworks } from './hooks/useNetworks.ts'
export { useServedNetworks } from './hooks/useServedNetworks.ts'
export { BUILD_HASH } from './services/buildHash.ts'
export {
  findNetwork,
  findNetworkByChainId,
  getAllNetworks,
  getNetworks,
  isKnownNetwork,
  type NetworkInfo,
  networkName,
} from './services/networks.ts'
export {
  defaultRuntimeConfig,
  getBlockedPaths,
  getRuntimeConfig,
  isPathBlocked,
  parseBlockedPaths,
  parseRuntimeConfig,
  type RuntimeConfig,
  runtimeConfigSchema,
} from './services/runtimeConfig.ts'
export { siteLinks } from './services/siteLinks.ts'
