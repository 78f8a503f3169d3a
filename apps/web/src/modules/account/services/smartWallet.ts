/** The spec's smart-wallet states, per network. */
export type SmartWalletStatus = 'active' | 'inactive' | 'unavailable' | 'actionRequired'

export interface SmartWalletInputs {
  /** The network offers EIP-5792 batching through our delegate (the registry's capability). */
  readonly networkBatching: boolean
  /** The trading service's delegation check for this chain; null when it failed or is missing. */
  readonly detail: {
    readonly currentDelegationAddress: string | null
    readonly isWalletDelegatedToProvider: boolean
  } | null
  /** The wallet's `wallet_getCapabilities` atomic status there (a failure is 'unsupported'). */
  readonly batching: 'supported' | 'ready' | 'unsupported'
  /** The app can set the delegation itself (the wallets that sign in the page). */
  readonly canSetDelegation: boolean
}

/**
 * Active: delegated to our delegate. Action required: delegated to another contract (the wallet
 * cannot batch through ours until it is replaced). Inactive: not delegated, and the wallet can
 * upgrade it (it says batching is ready, or the app sets delegations for it). Unavailable: the
 * network has no batching, or the wallet offers none. A failed check counts as not delegated.
 */
export function smartWalletStatus(inputs: SmartWalletInputs): SmartWalletStatus {
  if (!inputs.networkBatching) return 'unavailable'
  if (inputs.detail?.isWalletDelegatedToProvider) return 'active'
  if (inputs.detail?.currentDelegationAddress) return 'actionRequired'
  if (inputs.batching === 'supported') return 'active'
  if (inputs.batching === 'ready' || inputs.canSetDelegation) return 'inactive'
  return 'unavailable'
}
