import { useQuery } from '@tanstack/react-query'
import { findNetwork } from '../../config/index.ts'
import { useFeatureFlags } from '../../flags/index.ts'
import { type Hex, loadWalletRuntime } from '../../wallet/index.ts'

/**
 * Whether this swap goes as one atomic batch (approvals and swap in one EIP-5792 bundle). The
 * spec's gates: the batched-swaps flag on, the wallet-capabilities check not disabled, the network
 * offering batching, and the wallet answering `wallet_getCapabilities` with atomic batching
 * supported (a smart wallet already) or ready (it upgrades the account). A failing capabilities
 * request counts as unsupported.
 */
export function useAtomicBatching(chain: string, chainId: number | undefined, account: Hex | null): boolean {
  const { values: flags } = useFeatureFlags()
  const enabled =
    flags.batchedSwaps &&
    !flags.disableWalletCapabilitiesCheck &&
    findNetwork(chain)?.batching === true &&
    account !== null &&
    chainId !== undefined
  const capability = useQuery({
    queryKey: ['wallet', 'atomicBatching', account?.toLowerCase(), chainId],
    queryFn: async () =>
      chainId === undefined ? 'unsupported' : (await loadWalletRuntime()).atomicBatching(chainId),
    enabled,
    staleTime: 30_000,
  })
  return enabled && (capability.data === 'supported' || capability.data === 'ready')
}
