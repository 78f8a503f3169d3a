export * from './abis/index.ts'
export {
  DELEGATION_DESIGNATOR_PREFIX,
  delegateOf,
  SIMPLE_7702_ACCOUNT_ADDRESS,
  simple7702AccountAbi,
} from './delegation.ts'
export * from './encoding/index.ts'
export * from './errors/index.ts'
export {
  isValidHookAddress,
  V4_HOOK_FLAGS,
  V4_HOOK_MASK,
  type V4HookPermission,
  v4HookFlags,
  v4HookPermissions,
} from './hooks.ts'
export {
  type ContractName,
  contractNames,
  defaultManifestPath,
  loadManifest,
  loadManifestSync,
  MANIFEST_VERSION,
  type Manifest,
  type ManifestEns,
  ManifestError,
  type ManifestNftCollection,
  type ManifestPool,
  type ManifestRewards,
  type ManifestToken,
  manifestSchema,
  type NetworkDeployment,
  parseManifest,
  type SafetyLevel,
  safetyLevels,
  type TokenKind,
  tokenKinds,
} from './manifest.ts'
