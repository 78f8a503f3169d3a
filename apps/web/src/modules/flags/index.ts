export {
  defaultFlagValues,
  type FlagName,
  type FlagValues,
  flagNames,
  flagRegistry,
  isFlagName,
} from '@oxbow/api-contract/flags'
export { type FeatureFlagsState, useFeatureFlag, useFeatureFlags } from './hooks/useFeatureFlags.ts'
export { useNftsEnabled } from './hooks/useNftsEnabled.ts'
export { fetchRemoteFlags, type RemoteFlags } from './services/fetchRemoteFlags.ts'
export {
  mergeOverrides,
  noOverrides,
  type Overrides,
  parseOverrides,
  resolveFlags,
} from './services/overrides.ts'
export { getOverrides, initOverrides } from './state/overridesStore.ts'
